import type { FastifyBaseLogger } from 'fastify';
import { type Db, poolOf } from '../../db/open.js';
import type { DeliveryJobs } from './job-port.js';
import { pgBossJobs } from './pgboss-queue.js';
import { rowJobs } from './row-jobs.js';
import type { Sending } from './sending.js';

/**
 * Who runs the report sends (decision 0016): pg-boss where the database is PostgreSQL (a
 * node-postgres pool, pgboss-queue.ts), unless the rows are asked for; otherwise the rows
 * themselves, polled in the process (row-jobs.ts).
 */
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
