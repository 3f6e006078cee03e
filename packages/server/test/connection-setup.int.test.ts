import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_SETUP, type Database, openDatabase, poolOf } from '../src/db/open.js';
import { createPostgresDatabase } from './helpers.js';

/**
 * What a backend last ran, once it has run a statement and is idle again: pg_stat_activity keeps the
 * text of its last statement. A new connection is idle with no text until its first statement comes.
 */
async function lastStatementOf(observer: pg.Client, pid: number): Promise<string | undefined> {
  for (let tries = 0; tries < 250; tries++) {
    const { rows } = await observer.query<{ state: string; query: string }>(
      'SELECT state, query FROM pg_stat_activity WHERE pid = $1',
      [pid],
    );
    if (rows[0]?.state === 'idle' && rows[0].query !== '') return rows[0].query;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('connections to PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let observer: pg.Client;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ url: created.url });
    observer = new pg.Client({ connectionString: created.url });
    await observer.connect();
  });
  afterAll(async () => {
    await observer?.end();
    await database?.close();
    await drop?.();
  });

  it('set up their backend (allocator, parallel plans) before their first statement, each of them', async () => {
    const pool = poolOf(database.db);
    if (!pool) throw new Error('a PostgreSQL database has a pool');
    // The connections the migrations left open have run statements since theirs: two new ones.
    const { rows: open } = await observer.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const earlier = new Set(open.map((row) => row.pid));
    const clients = await Promise.all(Array.from({ length: pool.idleCount + 2 }, () => pool.connect()));
    try {
      const pids = clients
        .map((client) => (client as unknown as { processID: number }).processID)
        .filter((pid) => !earlier.has(pid));
      expect(pids).toHaveLength(2);
      for (const pid of pids) expect(await lastStatementOf(observer, pid)).toBe(CONNECTION_SETUP);
      // And the statements given to them run after it, in the session it set.
      for (const client of clients) {
        const { rows } = await client.query<{ parallel_setup_cost: string }>('SHOW parallel_setup_cost');
        expect(rows).toEqual([{ parallel_setup_cost: '10000' }]);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });
});
