import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DrizzleTransactionLike, PgBoss } from 'pg-boss';
import type { Db, Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import type { DeliveryJobs } from './job-port.js';
import { refuseSchemaItCannotUse } from './pgboss-schema.js';
import { retryOptions } from './retry-options.js';
import type { Sending } from './sending.js';

export const DELIVERY_QUEUE = 'report-delivery';

/**
 * pg-boss makes or migrates its schema under its own lock, one server copy after the other; a copy
 * that lost the race to make it can still fail once (its cached catalog had no such schema) and
 * succeeds on its next attempt, a second later.
 */
const START_ATTEMPTS = 4;

export interface PgBossOptions {
  schema: string;
  /** The first wait before another try, in seconds; doubled (with jitter) after each (retryOptions). */
  retrySeconds: number;
  /** How often an idle worker asks for jobs, and the sweep looks for sends without a job. */
  pollSeconds: number;
}

/**
 * PostgreSQL: a pg-boss queue in its own schema of the same database. One job per send row
 * (singleton key = the row's id on an 'exclusive' queue: never two jobs of one send queued,
 * waiting or running at once, whichever server copy adds it), retried with a doubling wait; every
 * server copy runs a worker. A job that pg-boss gave up on, or a send left 'sending' by a crash
 * between two tries, is found again by the sweep: the row is the truth, nothing is lost.
 */
export function pgBossJobs(
  db: Db,
  pool: pg.Pool,
  sending: Sending,
  options: PgBossOptions,
  log: FastifyBaseLogger,
): DeliveryJobs {
  let boss: Promise<PgBoss> | undefined;
  /** pg-boss is imported when its queue is first used, not by every start of the embedded database. */
  const bossModule = () => import('pg-boss');
  const theBoss = () =>
    (boss ??= bossModule().then(({ PgBoss }) => {
      const made = new PgBoss({
        db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
        schema: options.schema,
        schedule: false,
      });
      made.on('error', (error) => log.error({ err: error }, 'Job queue error'));
      made.on('warning', (warning) => log.warn({ warning: warning.data }, warning.message));
      return made;
    }));
  /** pg-boss's statements on our open transaction (drizzle types its results as unknown). */
  const inTransaction = async (tx: Tx) =>
    (await bossModule()).fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
  const retry = retryOptions(options.retrySeconds);
  let sweeper: NodeJS.Timeout | undefined;
  let started = false;
  let starting: Promise<void> | undefined;

  /**
   * A job for that send in the transaction given: a validation rolled back leaves none, a committed
   * one cannot lose it. The queue adds nothing when the send already has a live job.
   */
  async function addJob(tx: Tx, deliveryId: string): Promise<void> {
    await (await theBoss()).send(
      DELIVERY_QUEUE,
      { delivery_id: deliveryId },
      { singletonKey: deliveryId, ...retry, db: await inTransaction(tx) },
    );
  }

  /** Sends still 'sending' and overdue: those without a live job get one. */
  async function sweep(): Promise<void> {
    const rows = await db
      .select({ id: recordDeliveries.delivery_id })
      .from(recordDeliveries)
      .where(
        and(
          eq(recordDeliveries.delivery_state, 'sending'),
          lte(recordDeliveries.delivery_next_attempt_at, sql`now() - interval '5 seconds'`),
        ),
      )
      .limit(200);
    for (const { id } of rows) await db.transaction((tx) => addJob(tx, id));
  }

  /** Sets up the schema and the queue, the worker, and the sweep. */
  async function startQueue(): Promise<void> {
    const boss = await theBoss();
    await refuseSchemaItCannotUse(boss, options.schema);
    await boss.start({ attempts: START_ATTEMPTS });
    started = true;
    // Does nothing when the queue exists.
    await boss.createQueue(DELIVERY_QUEUE, { policy: 'exclusive' });
    await boss.work<{ delivery_id: string }>(
      DELIVERY_QUEUE,
      { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const outcome = await sending.runOne(job.data.delivery_id);
        // The row waits for its next try: the job fails so that pg-boss retries it later.
        if (outcome === 'retry') throw new Error(await sending.lastError(job.data.delivery_id));
      },
    );
    await sweep();
    sweeper = setInterval(
      () => void sweep().catch((error: unknown) => log.error({ err: error }, 'Delivery sweep failed')),
      Math.max(options.pollSeconds, 1) * 10_000,
    );
    sweeper.unref();
  }

  return {
    kind: 'pg-boss',
    async enqueue(tx, deliveryIds) {
      // In one order, so that two transactions enqueueing the same sends cannot wait on each other.
      for (const id of [...deliveryIds].sort()) await addJob(tx, id);
    },
    start() {
      starting ??= startQueue();
      return starting;
    },
    async stop() {
      // A stop during the start waits for it, so that the worker and the sweep it sets up stop too.
      await starting?.catch(() => undefined);
      if (sweeper) clearInterval(sweeper);
      if (started) await (await theBoss()).stop({ graceful: true, timeout: 10_000 });
    },
  };
}
