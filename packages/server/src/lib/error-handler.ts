import { ERROR_STATUS, type ErrorBody, type FieldIssue, ISSUE_ERROR_CODES } from '@sil/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, databaseRefusal } from './errors.js';

/**
 * One error handler: catalogue codes go out as `{ code, details }`; validation failures list every
 * invalid field with its path; anything unexpected is logged in full and answered as a bare 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = databaseRefusal(thrown) ?? thrown;
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      // The standard header too, for proxies and clients that honour it.
      if (typeof error.details.retry_after === 'number')
        reply.header('retry-after', String(error.details.retry_after));
      return reply
        .status(error.statusCode)
        .send({ code: error.code, details: error.details } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? issue.keyword,
      }));
      // zod words a field that is absent as "… received undefined"; our own rules say 'required'.
      const missing = error.validation.some(
        (issue) => issue.message === 'required' || issue.message?.endsWith('received undefined'),
      );
      // A request wrong on one kind of field only (e-mails, names, clinic codes) is said so by its code.
      const coded = new Set(issues.map((issue) => ISSUE_ERROR_CODES[issue.message]));
      const [only] = coded;
      const code = missing ? 'missingData' : coded.size === 1 && only ? only : 'incorrectType';
      return reply.status(ERROR_STATUS[code]).send({ code, details: { issues } } satisfies ErrorBody);
    }
    // A JSON or form body over the limit, or an uploaded file over its own (multipart).
    if (error.statusCode === 413) return reply.status(413).send({ code: 'payloadTooLarge', details: {} });
    // A body in a media type no parser of the call reads (XML, text…): the catalogue's 415 code.
    if (error.statusCode === 415)
      return reply.status(415).send({ code: 'unsupportedMediaType', details: {} } satisfies ErrorBody);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, an empty JSON body and the like: the code's own status, so that a client
      // reading the catalogue finds the status it was answered with.
      return reply
        .status(ERROR_STATUS.incorrectType)
        .send({ code: 'incorrectType', details: {} } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: 'unexpectedError', details: {} } satisfies ErrorBody);
  });
}
