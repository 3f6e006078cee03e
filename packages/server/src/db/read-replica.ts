import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Db, Queryable } from './types.js';

/**
 * Reads that tolerate lag on a streaming replica (`DATABASE_READ_URL`, issue 43), with each user
 * reading their own writes (docs/decisions/0032-read-replica.md):
 * - a successful write call answers the primary's WAL position in the `sil_read_after` cookie;
 * - a read call (GET) sends it back; its lists, exports and dashboard read on the replica only when
 *   the replica has replayed past that position (as last polled), else on the primary;
 * - every copy polls the replica's replay position and lag; a replica that does not answer, lags
 *   more than the allowed seconds, or is not in recovery serves no read until it is back.
 * The embedded database has no replica: everything reads where it writes.
 */

/** The replica as last polled, for the health endpoint. */
export interface ReplicaHealth {
  /** Whether lag-tolerant reads go to the replica now. */
  serving: boolean;
  /** The WAL position the replica has replayed ('0/3000060'), null before the first poll. */
  replay_lsn: string | null;
  /** Bytes of WAL the primary has written and the replica not yet replayed. */
  lag_bytes: number | null;
  /** Seconds since the last transaction the replica replayed was committed; 0 when caught up. */
  lag_seconds: number | null;
  checked_at: string | null;
  /** Why the replica serves no read, when it does not. */
  problem: string | null;
}

interface ReadReplica {
  db: Db;
  /** Whether a read that must see the writes up to `after` may read on the replica now. */
  readable(after: bigint | null): boolean;
  health(): ReplicaHealth;
  /** The primary's WAL position now: every write committed before is at or before it. */
  primaryLsn(): Promise<string>;
  close(): Promise<void>;
}

interface CallReads {
  /** A GET call: its lag-tolerant reads may go to the replica. */
  lagTolerant: boolean;
  /** The WAL position of the caller's last write, from their cookie. */
  after: bigint | null;
}

const replicas = new WeakMap<object, ReadReplica>();
const calls = new AsyncLocalStorage<CallReads>();
export const READ_AFTER_COOKIE = 'sil_read_after';
const POLL_MS = 500;
/** The furthest WAL position: no replica has replayed it. */
const UNKNOWN_POSITION = 'FFFFFFFF/FFFFFFFF';

/** '16/B374D848' as a number, to compare WAL positions. */
export function lsnValue(lsn: string): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn.trim());
  if (!match?.[1] || !match[2]) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/**
 * The database the current call's reads that tolerate lag (lists, exports, the dashboard's
 * counters) run on: the replica when one is attached to `db`, the call is a read and the replica
 * has replayed the caller's last write; otherwise `db` itself (and always inside a transaction).
 */
export function lagTolerant<Q extends Queryable>(db: Q): Q {
  const replica = replicas.get(db);
  const call = calls.getStore();
  if (!replica || !call?.lagTolerant) return db;
  // Only a Db has a replica attached, never a transaction: the replica's Db stands for it.
  return replica.readable(call.after) ? (replica.db as Q) : db;
}

/** Runs a route's handler with what its reads need to know of the call (lib/route.ts). */
export function withCallReads<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const cookie = request.headers.cookie?.match(/(?:^|;\s*)sil_read_after=([0-9A-Fa-f]+\/[0-9A-Fa-f]+)/);
  const after = cookie?.[1] ? lsnValue(cookie[1]) : null;
  return calls.run({ lagTolerant: request.method === 'GET', after }, work);
}

/** The replica's state for the health endpoint; null without a replica. */
export const replicaHealth = (db: Queryable): ReplicaHealth | null => replicas.get(db)?.health() ?? null;

/**
 * After each successful write call, the primary's WAL position goes back in the caller's cookie, so
 * that their next reads, on whichever server copy, wait for nothing and never miss the write.
 */
export function registerReadYourWrites(app: FastifyInstance, db: Db, maxLagSeconds: number): void {
  const replica = replicas.get(db);
  if (!replica) return;
  // Longer than any lag the replica may serve with: by then every replica serving has the write.
  const maxAge = Math.max(60, 2 * maxLagSeconds);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    // A write already committed is answered as such even if its position cannot be read: the
    // caller's reads then stay on the primary until the cookie expires or their next write.
    const lsn = await replica.primaryLsn().catch(() => UNKNOWN_POSITION);
    reply.header(
      'set-cookie',
      `${READ_AFTER_COOKIE}=${lsn}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict`,
    );
    return payload;
  });
}

/** Errors after which the same read is run on the primary: the replica is down or cancelled it. */
function replicaUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return error instanceof Error && /connect|terminat/i.test(error.message);
  // Node's network errors, connection failures (08), shutdown (57P), and a conflict with recovery.
  return code.startsWith('E') || code.startsWith('08') || code.startsWith('57P') || code === '40001';
}

/**
 * Opens the replica's pool beside the primary's and attaches it to `primaryDb`. A read that fails on
 * the replica for want of it runs again on the primary, and the replica serves no more reads until
 * the next poll finds it back.
 */
export async function attachReadReplica(options: {
  primaryDb: Db;
  primaryPool: pg.Pool;
  url: string;
  maxLagSeconds: number;
  connectionSetup: string;
  onConnectionError?: (error: Error) => void;
}): Promise<void> {
  const [{ default: pg }, { drizzle }, schema] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('./schema/index.js'),
  ]);
  const primary = options.primaryPool;
  let health: ReplicaHealth = {
    serving: false,
    replay_lsn: null,
    lag_bytes: null,
    lag_seconds: null,
    checked_at: null,
    problem: 'not polled yet',
  };
  let replayed: bigint | null = null;
  const markDown = (error: Error) => {
    health = { ...health, serving: false, problem: error.message };
  };

  class ReplicaPool extends pg.Pool {
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; the promise form is the one drizzle calls.
    override query(...args: any[]): any {
      if (typeof args.at(-1) === 'function') return (super.query as (...a: unknown[]) => unknown)(...args);
      return (super.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: Error) => {
        if (!replicaUnavailable(error)) throw error;
        markDown(error);
        return (primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
      });
    }
  }
  const pool = new ReplicaPool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 2000 });
  pool.on('error', (error) => options.onConnectionError?.(error));
  pool.on('connect', (client) => {
    client.query(options.connectionSetup).catch(() => undefined);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const directQuery = (text: string) =>
    (pg.Pool.prototype.query as (q: string) => Promise<pg.QueryResult>).call(pool, text);

  const poll = async () => {
    try {
      // The primary's position first: the replica's, read after, is then never ahead of it.
      const current = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      // On the replica itself: this poll must not fall back to the primary as reads do.
      const { rows } = await directQuery(
        `SELECT pg_is_in_recovery() AS in_recovery, pg_last_wal_replay_lsn()::text AS replay_lsn,
                extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS replay_age`,
      );
      const row = rows[0] as { in_recovery: boolean; replay_lsn: string | null; replay_age: number | null };
      const replay = row.replay_lsn ? lsnValue(row.replay_lsn) : null;
      const head = lsnValue(current.rows[0]?.lsn ?? '');
      if (!row.in_recovery || replay === null || head === null) {
        replayed = null;
        health = {
          ...health,
          serving: false,
          checked_at: new Date().toISOString(),
          problem: 'not a replica',
        };
        return;
      }
      const lagBytes = head > replay ? Number(head - replay) : 0;
      const lagSeconds = lagBytes === 0 ? 0 : Math.max(0, row.replay_age ?? 0);
      replayed = replay;
      const tooLate = lagSeconds > options.maxLagSeconds;
      health = {
        serving: !tooLate,
        replay_lsn: row.replay_lsn,
        lag_bytes: lagBytes,
        lag_seconds: Math.round(lagSeconds * 1000) / 1000,
        checked_at: new Date().toISOString(),
        problem: tooLate ? `lags more than ${options.maxLagSeconds} s` : null,
      };
    } catch (error) {
      markDown(error as Error);
    }
  };
  await poll();
  const timer = setInterval(() => void poll(), POLL_MS);
  timer.unref();

  replicas.set(options.primaryDb, {
    db,
    readable: (after) =>
      health.serving &&
      replayed !== null &&
      (after === null || replayed >= after) &&
      // A poll that stopped answering is a replica nobody knows the state of.
      Date.now() - Date.parse(health.checked_at ?? '0') < 4 * POLL_MS,
    health: () => health,
    primaryLsn: async () =>
      (await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn ??
      '0/0',
    close: async () => {
      clearInterval(timer);
      await pool.end();
    },
  });
}

/** Closes the replica's pool attached to `db`, if any. */
export async function detachReadReplica(db: Db): Promise<void> {
  await replicas.get(db)?.close();
  replicas.delete(db);
}
