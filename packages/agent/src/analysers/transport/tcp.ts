import { connect, createServer, type Server, type Socket } from 'node:net';
import type { ByteStream } from '../stream.js';

/** The gateway listens and the analyser connects (the usual set-up for ASTM and HL7 over TCP). */
export async function listenTcp(
  host: string,
  port: number,
  onConnection: (stream: ByteStream, remote: string) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    // A cable pulled without FIN would otherwise hold the connection open for hours.
    socket.setKeepAlive(true, 10_000);
    onConnection(socket, `${socket.remoteAddress}:${socket.remotePort}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The gateway connects to an analyser that listens, and connects again after a loss, waiting
 * `retryMs` between attempts, until `stop` is called.
 */
export function connectTcp(
  host: string,
  port: number,
  onConnection: (stream: ByteStream) => void,
  retryMs = 5000,
): { stop(): void } {
  let stopped = false;
  let current: Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  const attempt = () => {
    if (stopped) return;
    const socket = connect({ host, port });
    current = socket;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    socket.once('connect', () => onConnection(socket));
    socket.on('error', () => undefined); // 'close' follows and schedules the next attempt
    socket.once('close', () => {
      if (!stopped) timer = setTimeout(attempt, retryMs);
    });
  };
  attempt();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      current?.destroy();
    },
  };
}
