import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/open.js';
import type { DeliveryJobs } from '../src/modules/delivery/job-port.js';
import { DELIVERY_QUEUE, pgBossJobs } from '../src/modules/delivery/pgboss-queue.js';
import { BOSS_SCHEMA_VERSION } from '../src/modules/delivery/pgboss-schema.js';
import type { Sending } from '../src/modules/delivery/sending.js';
import { createPostgresDatabase, testSchemaName } from './helpers.js';

const log = pino({ enabled: false }) as unknown as FastifyBaseLogger;
const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** The schema pg-boss 10 made (the queue before issue 39); pg-boss 12 migrates from 11's (25) on. */
const PG_BOSS_10_SCHEMA_VERSION = 24;

/**
 * A sender whose tries the test ends by hand: a job stays running until `finish` is called, then
 * the send is no longer due ('skipped', as when another copy sent it).
 */
function heldSending() {
  const running = new Map<string, () => void>();
  const sending = {
    runOne: (deliveryId: string) =>
      new Promise<'skipped'>((resolve) => running.set(deliveryId, () => resolve('skipped'))),
    lastError: async () => '',
  } as unknown as Sending;
  return {
    sending,
    isRunning: (deliveryId: string) => running.has(deliveryId),
    finish(deliveryId: string) {
      running.get(deliveryId)?.();
      running.delete(deliveryId);
    },
  };
}

async function eventually(check: () => Promise<boolean> | boolean, seconds = 20): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * pg-boss 12 on PostgreSQL (decision 0016): server copies that start together on a fresh database
 * set its schema and queue up without failing, one send never has two live jobs, and a schema it
 * cannot use (a newer pg-boss's, pg-boss 10's) is refused with a clear message.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the pg-boss delivery queue on PostgreSQL', () => {
  let dropDatabase: (() => Promise<void>) | undefined;
  const databases: Database[] = [];
  const jobs: DeliveryJobs[] = [];
  const held = heldSending();
  const schema = testSchemaName('pgboss');
  const options = { schema, retrySeconds: 1, pollSeconds: 1 };

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    for (let copy = 0; copy < 3; copy++) databases.push(await openDatabase({ url: created.url }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(jobs.map((each) => each.stop()));
    for (const database of databases) await database.close();
    await dropDatabase?.();
  });

  it('lets three server copies set up a fresh schema and queue at once', async () => {
    for (const database of databases)
      jobs.push(pgBossJobs(database.db, poolOf(database), held.sending, options, log));
    await Promise.all(jobs.map((each) => each.start()));
    const [database] = databases;
    if (!database) throw new Error('no database');
    const version = rowsOf<{ version: string }>(
      await database.db.execute(sql.raw(`SELECT version FROM ${schema}.version`)),
    );
    expect(version.map((row) => Number(row.version))).toEqual([BOSS_SCHEMA_VERSION]);
    const queues = rowsOf<{ name: string; policy: string }>(
      await database.db.execute(sql.raw(`SELECT name, policy FROM ${schema}.queue`)),
    );
    expect(queues).toEqual([{ name: DELIVERY_QUEUE, policy: 'exclusive' }]);
  }, 60_000);

  it('keeps one live job per send, queued or running, whichever copy enqueues it', async () => {
    const [first, second] = databases;
    const [firstJobs, secondJobs] = jobs;
    if (!first || !second || !firstJobs || !secondJobs) throw new Error('no server copies');
    const deliveryId = randomUUID();
    const jobsOf = async () =>
      rowsOf<{ state: string }>(
        await first.db.execute(
          sql`SELECT state FROM ${sql.raw(`${schema}.job`)} WHERE singleton_key = ${deliveryId} ORDER BY created_on`,
        ),
      ).map((row) => row.state);

    // Two transactions of two copies at once, one asking twice.
    await Promise.all([
      first.db.transaction((tx) => firstJobs.enqueue(tx, [deliveryId, deliveryId])),
      second.db.transaction((tx) => secondJobs.enqueue(tx, [deliveryId])),
    ]);
    expect(await jobsOf()).toHaveLength(1);

    await eventually(() => held.isRunning(deliveryId));
    await second.db.transaction((tx) => secondJobs.enqueue(tx, [deliveryId]));
    expect(await jobsOf()).toEqual(['active']);

    held.finish(deliveryId);
    await eventually(async () => (await jobsOf())[0] === 'completed');
    // Done with: the send may be queued again (a retry by hand).
    await first.db.transaction((tx) => firstJobs.enqueue(tx, [deliveryId]));
    expect(await jobsOf()).toHaveLength(2);
    await eventually(() => held.isRunning(deliveryId));
    held.finish(deliveryId);
    await eventually(async () => (await jobsOf()).every((state) => state === 'completed'));
  }, 60_000);

  it.each([
    ['a newer pg-boss', BOSS_SCHEMA_VERSION + 3],
    ['pg-boss 10, which this one does not migrate', PG_BOSS_10_SCHEMA_VERSION],
  ])('refuses a schema made by %s, naming the setting to change', async (_, version) => {
    const [database] = databases;
    if (!database) throw new Error('no database');
    const other = testSchemaName('pgboss');
    await database.db.execute(
      sql.raw(
        `CREATE SCHEMA ${other}; CREATE TABLE ${other}.version (version int); INSERT INTO ${other}.version VALUES (${version})`,
      ),
    );
    const refused = pgBossJobs(
      database.db,
      poolOf(database),
      held.sending,
      { ...options, schema: other },
      log,
    );
    await expect(refused.start()).rejects.toThrow(
      new RegExp(`"${other}" was made by .*version ${version}.*PGBOSS_SCHEMA`),
    );
    await refused.stop();
  });

  it('stops the worker of a start that a stop came in the middle of', async () => {
    const [database] = databases;
    if (!database) throw new Error('no database');
    // A queue of its own, which the other copies' workers do not take jobs from.
    const alone = { ...options, schema: testSchemaName('pgboss') };
    const stopped = heldSending();
    const queue = pgBossJobs(database.db, poolOf(database), stopped.sending, alone, log);
    let startEnded = false;
    const starting = queue.start().then(() => {
      startEnded = true;
    });
    await queue.stop();
    expect(startEnded).toBe(true);
    await starting;

    // A send queued now waits: no worker of the stopped queue takes it.
    const deliveryId = randomUUID();
    await database.db.transaction((tx) => queue.enqueue(tx, [deliveryId]));
    await new Promise((resolve) => setTimeout(resolve, 3 * alone.pollSeconds * 1000));
    expect(stopped.isRunning(deliveryId)).toBe(false);
    const [job] = rowsOf<{ state: string }>(
      await database.db.execute(
        sql`SELECT state FROM ${sql.raw(`${alone.schema}.job`)} WHERE singleton_key = ${deliveryId}`,
      ),
    );
    expect(job?.state).toBe('created');
  }, 60_000);
});
