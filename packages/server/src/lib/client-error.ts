import http from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode } from '@sil/contract';
import { ERROR_STATUS } from '@sil/contract';

const codeOfClientError = (error: NodeJS.ErrnoException): ErrorCode => {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headersTooLarge';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'requestTimeout';
  return 'incorrectType';
};

/**
 * Requests Node refuses before Fastify sees them (headers too large, malformed HTTP, too slow) are
 * answered from the catalogue too, as `{ code, details }`, rather than with Fastify's own wording.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = codeOfClientError(error);
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ code, details: {} } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
