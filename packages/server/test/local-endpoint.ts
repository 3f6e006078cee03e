import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP endpoint on a free local port standing in for a partner of the laboratory (a fax or SMS
 * gateway, a results receiver, a browser's push service): each request's body is read whole as
 * text, then `answer` replies.
 */
export async function startLocalEndpoint(
  pathname: string,
  answer: (body: string, request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(Buffer.concat(chunks).toString('utf8'), request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${pathname}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
