import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP endpoint on a free local port standing in for a partner of the laboratory (a fax or SMS
 * gateway, a results receiver, a browser's push service): each request's body is read whole as
 * text, then `answer` replies. On 127.0.0.1 unless `host` says another loopback address (`::1`).
 */
export async function startLocalEndpoint(
  pathname: string,
  answer: (body: string, request: IncomingMessage, response: ServerResponse) => void,
  host: '127.0.0.1' | '::1' = '127.0.0.1',
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(Buffer.concat(chunks).toString('utf8'), request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${pathname}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
