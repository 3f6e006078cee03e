import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { lockDataDir } from './lock.js';
import { attachReadReplica, detachReadReplica } from './read-replica.js';
import * as schema from './schema/index.js';

import type { Db, Queryable } from './types.js';

// The types live apart so that the replica's module can name them without importing this one.
export type { Db, Queryable, Tx } from './types.js';

/** The pools of PostgreSQL connections that openDatabase made. */
const pools = new WeakSet<pg.Pool>();

/** The pool of PostgreSQL connections behind the database; none for PGlite or a transaction. */
export function poolOf(db: Queryable): pg.Pool | undefined {
  const client = (db as unknown as { $client?: pg.Pool }).$client;
  return client && pools.has(client) ? client : undefined;
}

/**
 * Whether two statements sent at once run at once: on a pool of PostgreSQL connections, yes; on the
 * embedded database (one connection) and inside a transaction, they run one after the other.
 */
export const runsStatementsAtOnce = (db: Queryable) => poolOf(db) !== undefined;

/**
 * Reads that do not depend on each other: sent at once where statements run at once, each on its
 * pooled connection (a screen then waits for the slowest, not for their sum); one after the other
 * elsewhere, where sending them at once would only queue them on the one connection.
 */
export async function independentReads<T extends readonly unknown[]>(
  db: Queryable,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (runsStatementsAtOnce(db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as unknown as T;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * What each new PostgreSQL connection runs first (docs/decisions/0014-what-every-call-pays.md, 'A
 * steady allocator for each connection' and 'No parallel workers for a call's statement'):
 * - it allocates and frees one block of 4 MB in its backend. The backend's C allocator (glibc) then
 *   keeps up to twice that of freed memory instead of handing it back to the system after every
 *   statement; giving it back again and again is what a statement of a few hundred kB (a record as
 *   JSON) paid before: one backend in three did, depending on what it had run, at twice the
 *   PostgreSQL CPU of a get-record;
 * - it prices a parallel plan's start at ten times PostgreSQL's default: starting two workers took
 *   10–40 ms on a busy machine, for searches of 20 ms alone; a statement that reads millions of rows
 *   still costs more than that, and may still go parallel.
 */
export const CONNECTION_SETUP = `SET parallel_setup_cost = 10000; SELECT length(repeat('x', ${4 * 1024 * 1024})) AS steady_allocator`;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir`, and applies migrations.
 * Each database's driver is imported when that database is opened: a server runs on one of them, and
 * loading the other's (node-postgres, or PGlite) made every start slower for nothing.
 */
export async function openDatabase(options: {
  url?: string;
  /** A streaming replica of `url` for the reads that tolerate lag (db/read-replica.ts); PostgreSQL only. */
  readUrl?: string;
  /** The replica serves no read while it lags more than this. */
  maxReadLagSeconds?: number;
  dataDir?: string;
  /** Where to report a connection lost while idle (PostgreSQL restarted, connection killed). */
  onConnectionError?: (error: Error) => void;
  /**
   * A dumped data directory (`dumpDataDir`) the embedded database starts from instead of an empty
   * one: the integration tests migrate once and start each database from that copy.
   */
  pgliteSnapshot?: Blob;
}): Promise<Database> {
  if (options.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pools.add(pool);
    // An idle connection that PostgreSQL ends would otherwise be an uncaught error that stops the
    // server; the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => options.onConnectionError?.(error));
    // Queued before any other statement of the new connection; a failure is the next statement's.
    pool.on('connect', (client) => {
      client.query(CONNECTION_SETUP).catch(() => undefined);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    if (options.readUrl) {
      await attachReadReplica({
        primaryDb: db,
        primaryPool: pool,
        url: options.readUrl,
        maxLagSeconds: options.maxReadLagSeconds ?? 30,
        connectionSetup: CONNECTION_SETUP,
        onConnectionError: options.onConnectionError,
      });
    }
    const close = async () => {
      await detachReadReplica(db);
      await pool.end();
    };
    return { db, kind: 'postgres', close };
  }
  const dir = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  // The embedded database has one writer: a second process on the same directory is refused here.
  const lock = dir ? lockDataDir(`${dir}.lock`) : null;
  try {
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
      ]);
    // pg_trgm backs the indexes that keep name searches (ILIKE '%…%') fast.
    const client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
      extensions: { pg_trgm },
    });
    const typed = drizzlePglite(client, { schema });
    await migratePglite(typed, { migrationsFolder });
    const close = async () => {
      await client.close();
      lock?.release();
    };
    return { db: typed as unknown as Db, kind: 'pglite', close };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
