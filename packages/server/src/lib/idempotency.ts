import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable, Tx } from '../db/types.js';
import { AppError } from './errors.js';

/**
 * Idempotent writes (issue 43, docs/decisions/0033-idempotent-writes.md). A write call (POST, PUT,
 * DELETE) of a logged-in user may carry an `Idempotency-Key` header (a UUID); the client sends a
 * fresh one per action and the same one when it resends that action after a lost answer.
 * - The call's first audited transaction (lib/transaction.ts) claims the key in the database, in
 *   that transaction: a committed write and its key exist together or not at all, whichever server
 *   copy ran it. When the transaction's result is the call's answer (most calls), the answer is
 *   kept in the same transaction; otherwise it is kept just before it is sent.
 * - A resend with the same key and input gets the kept answer without running again; with another
 *   input or call, `idempotencyKeyReused`; while the first is still running (its transaction holds
 *   the key), `requestInProgress`, which the client retries after.
 * - Only a committed write keeps its key: a refused call (or one that failed before writing) runs
 *   again when resent. Keys last a day (KEY_LIFETIME_HOURS), then every copy's purge deletes them.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_LIFETIME_HOURS = 24;
/** After this long without an answer, the call that claimed the key died between commit and answer. */
const ANSWER_GRACE_SECONDS = 120;
const PURGE_MINUTES = 15;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One write call carrying a key, while it runs. */
export interface KeyedCall {
  db: Db;
  userId: string;
  key: string;
  route: string;
  bodyHash: string;
  /** The text the route sends for a handler's result, as the route would serialize it. */
  render: (result: unknown) => string;
  /** Set by the transaction that claimed the key. */
  claimed: boolean;
  /** The result whose rendering was kept with the key in the claiming transaction, and that text. */
  kept?: { result: unknown; text: string };
  /** The handler has returned: later transactions (background work it started) claim nothing. */
  done: boolean;
}

interface KeptRow {
  route_name: string;
  body_hash: string;
  answer_status: number | null;
  answer_body: string | null;
  age_seconds: number;
}

const calls = new AsyncLocalStorage<KeyedCall>();
const databases = new WeakMap<FastifyInstance, Db>();

declare module 'fastify' {
  interface FastifyRequest {
    keyedCall?: KeyedCall;
  }
}

/** A key already claimed by a committed (or committing) call: the call answers as a resend. */
export class KeyAlreadyClaimed extends Error {
  constructor() {
    super('idempotency key already claimed');
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const hashOf = (input: unknown) =>
  createHash('sha256')
    .update(Buffer.isBuffer(input) ? input : JSON.stringify(input ?? null))
    .digest('hex');

/**
 * The call's key, when it has one and may use it: a write of a logged-in user on a server that
 * keeps keys. A header that is not a UUID is refused.
 */
export function keyedCallOf(
  request: FastifyRequest,
  route: string,
  render: KeyedCall['render'],
): KeyedCall | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const db = databases.get(request.server);
  const userId = request.auth?.user.admin_uid;
  if (header === undefined || request.method === 'GET' || !db || !userId) return undefined;
  if (typeof header !== 'string' || !UUID.test(header)) {
    throw new AppError('incorrectType', { issues: [{ path: IDEMPOTENCY_HEADER, message: 'uuid expected' }] });
  }
  return {
    db,
    userId,
    key: header.toLowerCase(),
    route,
    bodyHash: hashOf({ body: request.body ?? null, query: request.query ?? null }),
    render,
    claimed: false,
    done: false,
  };
}

async function keptRow(db: Queryable, call: KeyedCall): Promise<KeptRow | undefined> {
  const result = await db.execute(sql`
    SELECT route_name, body_hash, answer_status, answer_body,
           extract(epoch FROM now() - created_at)::float8 AS age_seconds
    FROM idempotency_keys
    WHERE user_id = ${call.userId} AND idempotency_key = ${call.key} AND expires_at > now()`);
  return rowsOf<KeptRow>(result)[0];
}

/**
 * What a resend answers, when its key is kept: the kept answer (true when sent), or a refusal.
 * False when the key is not kept (a new call, or one whose write did not commit): the call runs.
 */
export async function answerKept(call: KeyedCall, reply: FastifyReply): Promise<boolean> {
  const row = await keptRow(call.db, call);
  if (!row) return false;
  if (row.route_name !== call.route || row.body_hash !== call.bodyHash) {
    throw new AppError('idempotencyKeyReused');
  }
  if (row.answer_status === null || row.answer_body === null) {
    // Committed, its answer not yet kept: still running, or its server died in between.
    throw new AppError(
      Number(row.age_seconds) > ANSWER_GRACE_SECONDS ? 'requestAnswerLost' : 'requestInProgress',
    );
  }
  await reply
    .code(row.answer_status)
    .header(REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(row.answer_body);
  return true;
}

/** Runs a keyed call's handler with its key at hand for the transactions it opens. */
export function runKeyed<T>(call: KeyedCall | undefined, work: () => Promise<T>): Promise<T> {
  if (!call) return work();
  return calls.run(call, work).finally(() => {
    call.done = true;
  });
}

/**
 * Inside a write transaction (lib/transaction.ts): the first of a keyed call claims its key before
 * its work and keeps the rendered result after it. A key another call holds makes this one wait
 * for it (PostgreSQL: the row's lock) and then fail with KeyAlreadyClaimed, which rolls it back.
 */
export async function inKeyedTransaction<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  const call = calls.getStore();
  if (!call || call.claimed || call.done) return work();
  call.claimed = true;
  const claimed = await tx.execute(sql`
    INSERT INTO idempotency_keys (user_id, idempotency_key, route_name, body_hash, expires_at)
    VALUES (${call.userId}, ${call.key}, ${call.route}, ${call.bodyHash},
            now() + make_interval(hours => ${KEY_LIFETIME_HOURS}))
    ON CONFLICT (user_id, idempotency_key) DO UPDATE SET
      route_name = EXCLUDED.route_name, body_hash = EXCLUDED.body_hash, answer_status = NULL,
      answer_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
    WHERE idempotency_keys.expires_at <= now()
    RETURNING 1 AS claimed`);
  if (rowsOf(claimed).length === 0) {
    call.claimed = false;
    throw new KeyAlreadyClaimed();
  }
  let result: T;
  try {
    result = await work();
  } catch (error) {
    // Rolled back with the key: a later transaction of the call (a fallback) claims it instead.
    call.claimed = false;
    throw error;
  }
  let text: string | undefined;
  try {
    text = call.render(result);
  } catch {
    // Not the route's answer (the handler builds it from this result): kept when it is sent.
  }
  if (text !== undefined) {
    await tx.execute(sql`
      UPDATE idempotency_keys SET answer_status = 200, answer_body = ${text}
      WHERE user_id = ${call.userId} AND idempotency_key = ${call.key}`);
    call.kept = { result, text };
  }
  return result;
}

/** The text to send for the handler's result when the claiming transaction already kept it. */
export const keptText = (call: KeyedCall | undefined, result: unknown): string | undefined =>
  call?.kept && call.kept.result === result ? call.kept.text : undefined;

/**
 * Keeps the answers known only when sent (a handler that built its answer after its transaction,
 * or failed after it committed), and purges expired keys every PURGE_MINUTES on every server copy.
 */
export function registerIdempotentWrites(app: FastifyInstance, db: Db): void {
  databases.set(app, db);
  app.addHook('onSend', async (request, reply, payload) => {
    const call = request.keyedCall;
    if (!call?.claimed || typeof payload !== 'string') return payload;
    // Kept by its transaction already, unless the handler answered something else after it.
    if (call.kept?.text === payload && reply.statusCode === 200) return payload;
    await db.execute(sql`
      UPDATE idempotency_keys SET answer_status = ${reply.statusCode}, answer_body = ${payload}
      WHERE user_id = ${call.userId} AND idempotency_key = ${call.key}`);
    return payload;
  });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void purgeExpiredKeys(db, app.log), PURGE_MINUTES * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Deletes the keys past their day; answers how many. */
export async function purgeExpiredKeys(db: Db, log?: FastifyBaseLogger, now = new Date()): Promise<number> {
  try {
    const result = await db.execute(
      sql`DELETE FROM idempotency_keys WHERE expires_at <= ${now.toISOString()}::timestamptz RETURNING 1`,
    );
    return rowsOf(result).length;
  } catch (error) {
    log?.error({ err: error }, 'Idempotency key purge failed');
    return 0;
  }
}
