import { createServer } from 'node:net';

/** Below the kernel's range of ports for outgoing connections (32768–60999 on Linux by default). */
const LISTEN_PORTS = { from: 20_000, to: 32_000 };

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * `count` ports nothing listens on, for a server the test starts as another program (a PostgreSQL
 * cluster). Not fixed ones in the outgoing range: 55432 was once held by one of the run's own
 * connections to PostgreSQL (a client port, or one in TIME_WAIT), and the cluster could not listen.
 */
export async function listenPorts(count: number): Promise<number[]> {
  const found: number[] = [];
  const span = LISTEN_PORTS.to - LISTEN_PORTS.from;
  const start = Math.floor(Math.random() * span);
  for (let step = 0; step < span && found.length < count; step++) {
    const port = LISTEN_PORTS.from + ((start + step) % span);
    if (await canListen(port)) found.push(port);
  }
  if (found.length < count) throw new Error(`only ${found.length} free ports of ${count}`);
  return found;
}
