import type { MultipartFile } from '@fastify/multipart';
import type {
  AccessRule,
  ApiRouteDef,
  FileRouteName,
  FileRoutes,
  RouteAnswer,
  RouteName,
  Routes,
} from '@sil/contract';
import { apiTable } from '@sil/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { withCallReads } from '../db/read-replica.js';
import { answerFor, typedAnswerWriter } from './audience.js';
import type { Authenticated, RequestOrigin } from './auth-context.js';
import { fail } from './errors.js';
import {
  answerKept,
  hashOf,
  KeyAlreadyClaimed,
  type KeyedCall,
  keptText,
  keyedCallOf,
  runKeyed,
} from './idempotency.js';
import { inputIssues } from './input-guard.js';
import { type ExportSheet, sendExport } from './list/export-file.js';
import type { SessionStamps } from './session-stamps.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; the server refuses to start with a route that has none. */
    access?: AccessRule;
    /** The handler only reads: it may start while the caller's session is checked (plugins/authorization.ts). */
    readsOnly?: boolean;
    /** The handler's read also asks whether the caller's session moved (lib/session-stamps.ts). */
    readsSessionStamps?: boolean;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

type Parsed<D, K extends string> = D extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

interface BaseContext {
  /** Set for every route whose access rule needs a logged-in user. */
  auth: Authenticated;
  origin: RequestOrigin;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteContext<N extends RouteName> extends BaseContext {
  body: Parsed<Routes[N], 'body'>;
  query: Parsed<Routes[N], 'query'>;
  /**
   * For a route `readsSessionStamps` started before its caller's session was checked: where its
   * read reports `sessionUnchanged`, so that the check needs no statement of its own.
   */
  sessionStamps?: SessionStamps;
}

/** The one file of a multipart upload, read whole (uploads are bounded by the multipart limits). */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

export interface FileRouteContext<N extends FileRouteName> extends BaseContext {
  query: Parsed<FileRoutes[N], 'query'>;
  fields: Parsed<FileRoutes[N], 'fields'>;
  file: UploadedFile;
}

/** A stored file sent back as a download. */
export interface FileAnswer {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

type FileResult<D> = D extends { kind: 'export' }
  ? ExportSheet
  : D extends { kind: 'download' }
    ? FileAnswer
    : D extends { kind: 'redirect' }
      ? string
      : D extends { response: infer S extends z.ZodType }
        ? z.output<S>
        : never;

/** A generated call (reference tables): its input as the table's schemas leave it. */
export interface GeneratedContext extends BaseContext {
  body: Record<string, unknown>;
  query: Record<string, unknown>;
}

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Whether `error`, or one of the errors it wraps, is of that class. */
function causedBy(error: unknown, kind: new () => Error): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof kind) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

const required = (path: string) => fail('missingData', { issues: [{ path, message: 'required' }] });

/** Fields and the one file of a multipart body, the fields checked by the route's schema. */
async function readUpload(request: FastifyRequest, schema: z.ZodType | undefined) {
  if (!request.isMultipart()) return required('file');
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else if ((part as MultipartFile).fieldname === 'file' && !file)
      file = { name: part.filename, bytes: await part.toBuffer() };
    else await part.toBuffer();
  }
  // A multipart body escapes the NUL and Unicode check every JSON body gets (refuseUnsafeInput
  // sees no parsed body): its fields and the file's name are checked here, before anything is
  // stored, since PostgreSQL would refuse the name's row only after the file's bytes were written.
  const unsafe = inputIssues({ ...fields, ...(file ? { file: { filename: file.name } } : {}) });
  if (unsafe.length > 0) return fail('incorrectType', { issues: unsafe });
  const parsed = schema ? schema.safeParse(fields) : { success: true as const, data: fields };
  if (!parsed.success) {
    return fail('incorrectType', {
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  return { fields: parsed.data, file: file ?? required('file') };
}

/** Answers what a handler gave in the way its kind of route sends it. */
async function send(def: ApiRouteDef, request: FastifyRequest, reply: FastifyReply, result: unknown) {
  switch (def.kind) {
    case 'export': {
      const { format } = request.query as { format: 'csv' | 'xlsx' };
      return sendExport(reply, result as ExportSheet, format);
    }
    case 'download': {
      const file = result as FileAnswer;
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(file.bytes);
    }
    case 'redirect':
      return reply.redirect(result as string);
    default:
      return result;
  }
}

/**
 * `typed`: the handler builds its answer from typed rows (queries and present functions), so the
 * answer is written by the projection of its audience's view instead of the zod check of every
 * value (lib/typed-answer.ts, docs/decisions/0014-what-every-call-pays.md). Other routes keep the check.
 */
export interface HandleOptions {
  answer: 'typed';
  /**
   * The handler only reads (no write, no outside call): it runs beside the check of the caller's
   * session, and its answer waits for that check; if the caller changed meanwhile, it runs again.
   */
  readsOnly?: true;
  /**
   * With `readsOnly`: the handler's one statement asks `sessionUnchanged` and reports it through
   * `ctx.sessionStamps`; the check then costs no statement when nothing moved, and a statement after
   * the read (as before) when the read did not report.
   */
  readsSessionStamps?: true;
}

/**
 * A read whose answer is built from typed rows: written by its view's projection, and only read,
 * so it starts beside the check of the caller's session (decision 0014).
 */
export const typedRead = { answer: 'typed', readsOnly: true } as const satisfies HandleOptions;

/**
 * Runs a handler; for a read started before its caller's session was checked, waits for the check
 * too: a refusal wins over the answer, and a caller whose session, user or rights moved meanwhile
 * is answered by a second run as they are now.
 */
async function afterSessionCheck(
  request: FastifyRequest,
  work: (stamps?: SessionStamps) => Promise<unknown>,
): Promise<unknown> {
  const check = request.sessionCheck;
  if (!check) return work();
  let checked: PromiseSettledResult<'same' | 'changed'>;
  let answer: PromiseSettledResult<unknown>;
  if (request.routeOptions.config.readsSessionStamps) {
    let unchanged: boolean | undefined;
    [answer] = await Promise.allSettled([work({ found: (value) => (unchanged = value === true) })]);
    [checked] = await Promise.allSettled([check(unchanged)]);
  } else [checked, answer] = await Promise.allSettled([check(), work()]);
  request.sessionCheck = undefined;
  if (checked.status === 'rejected') throw checked.reason;
  if (checked.value === 'changed') return work();
  if (answer.status === 'rejected') throw answer.reason;
  return answer.value;
}

/**
 * Registers a call of the contract's route table, the one way any API route is added: its method,
 * path, schemas (validated by zod, published in OpenAPI) and access rule all come from the table;
 * the handler only does the work, and what it gives is sent as the kind of route says (JSON, an
 * export file, a download, a redirect; an upload's fields and file are read before it runs), cut
 * to the caller's audience when a clinic user or a prescriber calls (lib/audience.ts).
 */
export function handle<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  handler: (ctx: RouteContext<N>) => Promise<RouteAnswer<N>>,
  options?: HandleOptions,
): void;
export function handle<N extends FileRouteName>(
  app: FastifyInstance,
  name: N,
  handler: (ctx: FileRouteContext<N>) => Promise<FileResult<FileRoutes[N]>>,
): void;
export function handle(
  app: FastifyInstance,
  name: string,
  handler: (ctx: GeneratedContext) => Promise<unknown>,
): void;
export function handle(
  app: FastifyInstance,
  name: string,
  // Each overload above types its handler's context; all of them take the one built below.
  handler: (ctx: never) => Promise<unknown>,
  options?: HandleOptions,
): void {
  const run = handler as (ctx: BaseContext & Record<string, unknown>) => Promise<unknown>;
  const def = apiTable[name];
  if (!def) throw new Error(`${name} is not in the route table`);
  const isUpload = def.kind === 'upload';
  const writeTyped = options?.answer === 'typed' ? typedAnswerWriter(def) : undefined;
  // Writes answered in JSON may carry an idempotency key (lib/idempotency.ts); files and redirects not.
  const keyable = def.method !== 'GET' && (def.kind === undefined || def.kind === 'json' || isUpload);
  /** The call's key, if any; 'answered' when it is a resend answered from what its key kept. */
  const keyedCall = async (
    request: FastifyRequest,
    reply: FastifyReply,
    upload: { fields: unknown; file: UploadedFile } | undefined,
  ): Promise<KeyedCall | 'answered' | undefined> => {
    const render = (result: unknown): string =>
      writeTyped
        ? writeTyped(request.auth?.rights, result)
        : // The route's own serializer (its response schema), as Fastify would send the answer.
          String(reply.serialize(answerFor(def, request.auth?.rights, result)));
    const keyed = keyedCallOf(request, name, render);
    if (!keyed) return undefined;
    if (upload) {
      keyed.bodyHash = hashOf(Buffer.concat([Buffer.from(JSON.stringify(upload.fields)), upload.file.bytes]));
    }
    if (await answerKept(keyed, reply)) return 'answered';
    request.keyedCall = keyed;
    return keyed;
  };
  app.route({
    method: def.method,
    url: def.path,
    config: {
      access: def.access,
      readsOnly: options?.readsOnly === true,
      readsSessionStamps: options?.readsOnly === true && options.readsSessionStamps === true,
    },
    schema: {
      summary: def.summary,
      operationId: name,
      tags: [def.path.split('/')[1] ?? 'api'],
      ...('body' in def && def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(isUpload ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.response ? { response: { 200: def.response } } : {}),
    },
    handler: async (request, reply) => {
      const upload = isUpload ? await readUpload(request, def.fields) : undefined;
      const work = (sessionStamps?: SessionStamps) =>
        run({
          sessionStamps,
          // The zod schemas of the same table validated and transformed these before the handler runs.
          body: request.body,
          query: request.query,
          ...upload,
          auth: request.auth as Authenticated,
          origin: originOf(request),
          request,
          reply,
        });
      const keyed = keyable ? await keyedCall(request, reply, upload) : undefined;
      if (keyed === 'answered') return reply;
      let result: unknown;
      try {
        result = await runKeyed(keyed, () => withCallReads(request, () => afterSessionCheck(request, work)));
      } catch (error) {
        // Another call with the same key committed first: this one answers as its resend.
        if (keyed && causedBy(error, KeyAlreadyClaimed)) {
          if (await answerKept(keyed, reply)) return reply;
          fail('requestInProgress');
        }
        throw error;
      }
      const kept = keptText(keyed, result);
      if (kept !== undefined) return reply.type('application/json; charset=utf-8').send(kept);
      if (writeTyped) {
        // A string answer is sent as it is: Fastify's serializer does not run again.
        return reply.type('application/json; charset=utf-8').send(writeTyped(request.auth?.rights, result));
      }
      return send(def, request, reply, answerFor(def, request.auth?.rights, result));
    },
  });
}
