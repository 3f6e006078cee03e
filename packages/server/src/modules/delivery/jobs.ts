import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type Db as BossDatabase, PgBoss } from 'pg-boss';
import type { Db, Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/index.js';
import type { DeliveryJobs } from './job-port.js';
import { MAX_ATTEMPTS, type Sending, startSendingRunner } from './sending.js';

export const DELIVERY_QUEUE = 'report-delivery';

/** The embedded database (and `DELIVERY_JOBS=rows`): the row is the job, a poller in the process runs it. */
export function rowJobs(sending: Sending, pollSeconds: number, log: FastifyBaseLogger): DeliveryJobs {
  let stopRunner = () => {};
  return {
    kind: 'rows',
    // A row in 'sending' due now is already queued: the runner's next look takes it.
    enqueue: async () => {},
    async start() {
      stopRunner = startSendingRunner(sending, pollSeconds, log);
    },
    async stop() {
      stopRunner();
    },
  };
}

/** pg-boss's statements run on our open transaction: `$n` become the transaction's own parameters. */
export function transactionDatabase(tx: Tx): BossDatabase {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export interface PgBossOptions {
  schema: string;
  /** The first wait before another try, in seconds; pg-boss doubles it (with jitter) after each. */
  retrySeconds: number;
  /** How often an idle worker asks for jobs, and the sweep looks for sends without a job. */
  pollSeconds: number;
}

/**
 * PostgreSQL: a pg-boss queue in its own schema of the same database. One job per send row
 * (singleton key = the row's id on an 'exclusive' queue: never two jobs of one send queued or
 * running at once, whichever server copy enqueues it), retried with a doubling wait; every copy
 * runs a worker. A job that pg-boss gave up on, or a send left 'sending' by a crash between two
 * tries, is found again by the sweep: the row is the truth, nothing is lost.
 */
export function pgBossJobs(
  db: Db,
  pool: pg.Pool,
  sending: Sending,
  options: PgBossOptions,
  log: FastifyBaseLogger,
): DeliveryJobs {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    schema: options.schema,
    schedule: false,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'Job queue error'));
  const jobOptions = (deliveryId: string) => ({
    singletonKey: deliveryId,
    // The row counts MAX_ATTEMPTS tries; one more job retry covers a worker that died mid-try.
    retryLimit: MAX_ATTEMPTS,
    retryDelay: options.retrySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
  });
  let sweeper: NodeJS.Timeout | undefined;
  let started = false;

  /** Sends still 'sending' and overdue with no live job (the exclusive queue refuses a second one). */
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
    for (const { id } of rows) await boss.send(DELIVERY_QUEUE, { delivery_id: id }, jobOptions(id));
  }

  return {
    kind: 'pg-boss',
    async enqueue(tx, deliveryIds) {
      if (deliveryIds.length === 0) return;
      const db = transactionDatabase(tx);
      for (const id of deliveryIds)
        await boss.send(DELIVERY_QUEUE, { delivery_id: id }, { ...jobOptions(id), db });
    },
    async start() {
      // Server copies starting together would race on CREATE SCHEMA (a unique violation PostgreSQL
      // does not turn into 'already exists'): the schema is made once, under a lock.
      await pool.query(
        `BEGIN; SELECT pg_advisory_xact_lock(hashtext('sil:${options.schema}')); CREATE SCHEMA IF NOT EXISTS ${options.schema}; COMMIT;`,
      );
      await boss.start();
      if (!(await boss.getQueue(DELIVERY_QUEUE)))
        await boss.createQueue(DELIVERY_QUEUE, { policy: 'exclusive' }).catch(async (error: unknown) => {
          // Another server copy created it meanwhile.
          if (!(await boss.getQueue(DELIVERY_QUEUE))) throw error;
        });
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
      started = true;
      await sweep();
      sweeper = setInterval(
        () => void sweep().catch((error: unknown) => log.error({ err: error }, 'Delivery sweep failed')),
        Math.max(options.pollSeconds, 1) * 10_000,
      );
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** pg-boss where the database is PostgreSQL (a node-postgres pool), unless the rows are asked for. */
export function deliveryJobsFor(
  db: Db,
  sending: Sending,
  config: {
    DELIVERY_JOBS: 'auto' | 'rows';
    DELIVERY_POLL_SECONDS: number;
    PGBOSS_SCHEMA: string;
    DELIVERY_RETRY_SECONDS: number;
  },
  log: FastifyBaseLogger,
): DeliveryJobs {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (config.DELIVERY_JOBS === 'auto' && client instanceof pg.Pool && config.DELIVERY_POLL_SECONDS > 0)
    return pgBossJobs(
      db,
      client,
      sending,
      {
        schema: config.PGBOSS_SCHEMA,
        retrySeconds: config.DELIVERY_RETRY_SECONDS,
        pollSeconds: config.DELIVERY_POLL_SECONDS,
      },
      log,
    );
  return rowJobs(sending, config.DELIVERY_POLL_SECONDS, log);
}
