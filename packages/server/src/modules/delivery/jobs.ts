import { createRequire } from 'node:module';
import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { type Db, poolOf, type Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/index.js';
import type { DeliveryJobs } from './job-port.js';
import { MAX_ATTEMPTS, type Sending, startSendingRunner } from './sending.js';

export const DELIVERY_QUEUE = 'report-delivery';

/** The version of its own tables this pg-boss makes and migrates to. */
export const BOSS_SCHEMA_VERSION: number = (
  createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }
).schema;
/** The longest wait between two tries of a send. */
const MAX_RETRY_WAIT_SECONDS = 3600;

/**
 * The job's retry settings for a first wait of `retrySeconds`. pg-boss 10 waits
 * delay × 2^n × (1 + random) before the n-th retry and has no cap on it: the doubling is kept while
 * the last retry's wait stays within the hour (the default 30 s: at most 16 min), otherwise every
 * wait is the first one. pg-boss keeps whole seconds.
 */
export function retryOptions(retrySeconds: number) {
  const retryDelay = Math.min(Math.max(1, Math.round(retrySeconds)), MAX_RETRY_WAIT_SECONDS);
  return {
    // The row counts MAX_ATTEMPTS tries; one more job retry covers a worker that died mid-try.
    retryLimit: MAX_ATTEMPTS,
    retryDelay,
    retryBackoff: retryDelay * 2 ** MAX_ATTEMPTS <= MAX_RETRY_WAIT_SECONDS,
  };
}

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

/**
 * pg-boss's statements run on our open transaction: `$n` become the transaction's own parameters.
 * A value pg-boss leaves undefined is NULL, as node-postgres makes it (drizzle would write nothing).
 */
export function transactionDatabase(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export interface PgBossOptions {
  schema: string;
  /** The first wait before another try, in seconds; doubled (with jitter) after each (retryOptions). */
  retrySeconds: number;
  /** How often an idle worker asks for jobs, and the sweep looks for sends without a job. */
  pollSeconds: number;
}

/**
 * PostgreSQL: a pg-boss queue in its own schema of the same database. One job per send row
 * (singleton key = the row's id), retried with a doubling wait; every server copy runs a worker.
 * Never two jobs of one send queued or running at once: pg-boss 10 has no queue policy for that
 * (its 'stately' allows one queued, one waiting for its retry and one running per key), so a job is
 * only added, under a lock on the send, when that send has no live job (sendOnce). A job that
 * pg-boss gave up on, or a send left 'sending' by a crash between two tries, is found again by the
 * sweep: the row is the truth, nothing is lost.
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
  const theBoss = () =>
    (boss ??= import('pg-boss').then(({ default: Boss }) => {
      const made = new Boss({
        db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
        schema: options.schema,
        schedule: false,
      });
      made.on('error', (error: unknown) => log.error({ err: error }, 'Job queue error'));
      return made;
    }));
  const retry = retryOptions(options.retrySeconds);
  let sweeper: NodeJS.Timeout | undefined;
  let started = false;
  let starting: Promise<void> | undefined;

  /** A job for that send in the transaction given, unless one is queued, waiting or running. */
  async function sendOnce(tx: Tx, deliveryId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sil:${DELIVERY_QUEUE}:${deliveryId}`}))`);
    // The same condition as the 'stately' policy's unique index, which serves this look-up.
    const live = (await tx.execute(
      sql`SELECT 1 FROM ${sql.raw(`${options.schema}.job`)}
          WHERE name = ${DELIVERY_QUEUE} AND COALESCE(singleton_key, '') = ${deliveryId}
            AND state <= 'active' AND policy = 'stately'
          LIMIT 1`,
    )) as unknown as { rows: unknown[] };
    if (live.rows.length > 0) return;
    await (await theBoss()).send(
      DELIVERY_QUEUE,
      { delivery_id: deliveryId },
      { singletonKey: deliveryId, ...retry, db: transactionDatabase(tx) },
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
    for (const { id } of rows) await db.transaction((tx) => sendOnce(tx, id));
  }

  /**
   * A schema left by a newer pg-boss (its tables differ) is refused rather than used: pg-boss 10
   * migrates older schemas only.
   */
  async function refuseNewerSchema(boss: PgBoss): Promise<void> {
    if (!(await boss.isInstalled())) return;
    const version = Number(await boss.schemaVersion());
    if (version > BOSS_SCHEMA_VERSION)
      throw new Error(
        `The job queue schema "${options.schema}" was made by a newer pg-boss (version ${version}, this one knows ${BOSS_SCHEMA_VERSION}): drop it or set PGBOSS_SCHEMA to another schema.`,
      );
  }

  /**
   * Server copies starting together make or migrate pg-boss's schema and make the queue one after
   * the other. pg-boss alone does not stand it: the second copy's CREATE SCHEMA can fail with a unique
   * violation (its catalog cache still says there is none; pg-boss only expects 'already exists'),
   * and two creations of one queue deadlock. The lock is held by a connection of its own while
   * pg-boss works on others of the pool.
   */
  async function oneCopyAtATime(work: () => Promise<void>): Promise<void> {
    const key = `sil:pg-boss:${options.schema}`;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
      try {
        await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      }
    } finally {
      client.release();
    }
  }

  /** Sets up the schema and the queue (one copy at a time), the worker, and the sweep. */
  async function startQueue(): Promise<void> {
    const boss = await theBoss();
    await oneCopyAtATime(async () => {
      await refuseNewerSchema(boss);
      await boss.start();
      started = true;
      // Does nothing when the queue exists.
      await boss.createQueue(DELIVERY_QUEUE, { name: DELIVERY_QUEUE, policy: 'stately' });
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
      for (const id of [...deliveryIds].sort()) await sendOnce(tx, id);
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
  const client = poolOf(db);
  if (config.DELIVERY_JOBS === 'auto' && client && config.DELIVERY_POLL_SECONDS > 0)
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
