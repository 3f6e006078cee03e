import { createRequire } from 'node:module';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DrizzleTransactionLike, PgBoss } from 'pg-boss';
import { type Db, poolOf, type Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import type { DeliveryJobs } from './job-port.js';
import { MAX_ATTEMPTS, type Sending, startSendingRunner } from './sending.js';

export const DELIVERY_QUEUE = 'report-delivery';

/** The version of its own tables this pg-boss makes and migrates to. */
export const BOSS_SCHEMA_VERSION: number = (
  createRequire(import.meta.url)('pg-boss/package.json') as { pgboss: { schema: number } }
).pgboss.schema;
/**
 * pg-boss makes or migrates its schema under its own lock, one server copy after the other; a copy
 * that lost the race to make it can still fail once (its cached catalog had no such schema) and
 * succeeds on its next attempt, a second later.
 */
const START_ATTEMPTS = 4;
/** The longest wait between two tries of a send. */
const MAX_RETRY_WAIT_SECONDS = 3600;

/**
 * The job's retry settings for a first wait of `retrySeconds`: pg-boss waits
 * delay × 2^n × (1 + random) before the n-th retry, capped at the hour. pg-boss keeps whole seconds.
 */
export function retryOptions(retrySeconds: number) {
  return {
    // The row counts MAX_ATTEMPTS tries; one more job retry covers a worker that died mid-try.
    retryLimit: MAX_ATTEMPTS,
    retryDelay: Math.min(Math.max(1, Math.round(retrySeconds)), MAX_RETRY_WAIT_SECONDS),
    retryBackoff: true,
    retryDelayMax: MAX_RETRY_WAIT_SECONDS,
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

  /**
   * A schema this pg-boss cannot use is refused, naming the setting to change: one left by a newer
   * pg-boss (its tables differ; pg-boss would work on it as if it were its own), or by an older one
   * it has no migration from (pg-boss 10's). Its jobs are not needed: the sweep gives every send
   * still in flight a job in the new schema.
   */
  async function refuseSchemaItCannotUse(boss: PgBoss): Promise<void> {
    if (!(await boss.isInstalled())) return;
    const version = Number(await boss.schemaVersion());
    const cannot = (why: string) =>
      new Error(
        `The job queue schema "${options.schema}" was made by ${why} (version ${version}, this one makes ${BOSS_SCHEMA_VERSION}): drop it or set PGBOSS_SCHEMA to another schema.`,
      );
    if (version > BOSS_SCHEMA_VERSION) throw cannot('a newer pg-boss');
    if (version === BOSS_SCHEMA_VERSION) return;
    try {
      (await bossModule()).getMigrationPlans(options.schema, version);
    } catch {
      throw cannot('an older pg-boss that this one does not migrate');
    }
  }

  /** Sets up the schema and the queue, the worker, and the sweep. */
  async function startQueue(): Promise<void> {
    const boss = await theBoss();
    await refuseSchemaItCannotUse(boss);
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
