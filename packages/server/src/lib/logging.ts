import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

type Logged = Record<string, unknown>;

/** SQLSTATE codes are five characters; errors from both database drivers carry one. */
const isDatabaseError = (error: Logged) => typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

/** The lines of a stack that name code, without the message line that may quote data. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n')
    : '';

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as the log may show it. A failed query's message lists its parameters, and a database
 * error's message and detail quote the values it refused (names, dates of birth, notes): only the
 * statement with its placeholders, the SQLSTATE and the constraint are kept.
 */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const fields = error as unknown as Logged;
  const safe: SafeError = { type: error.name, message: '', stack: framesOf(error.stack) };
  if (isDatabaseError(fields)) {
    safe.message = `Database error ${String(fields.code)}`;
    for (const key of ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'dataType', 'schema'])
      if (fields[key] !== undefined) safe[key] = fields[key];
  } else if (typeof fields.query === 'string' && 'params' in fields) {
    safe.message = 'Failed query';
    safe.query = fields.query;
  } else {
    safe.message = error.message;
    if (typeof fields.code === 'string') safe.code = fields.code;
    if (typeof fields.statusCode === 'number') safe.statusCode = fields.statusCode;
  }
  if (error.cause instanceof Error && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/** A request as the log shows it: no query string (searches hold names), no headers, no body. */
const safeRequest = (request: { method?: string; url?: string; id?: string; ip?: string }) => ({
  id: request.id,
  method: request.method,
  url: request.url?.split('?')[0],
  remoteAddress: request.ip,
});

/**
 * The server's logger: patient data and secrets never reach it. Errors and requests go through the
 * serializers above; redaction is the second line, for anything logged by hand under these names.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: safeError, error: safeError, req: safeRequest },
    redact: {
      paths: [
        'req.headers',
        'req.body',
        'req.query',
        'body',
        'query',
        'params',
        'headers.authorization',
        'headers.cookie',
        '*.params',
        '*.password',
        '*.refresh_token',
        '*.access_token',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}
