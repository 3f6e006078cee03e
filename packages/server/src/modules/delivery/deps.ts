import type { Db } from '../../db/open.js';
import type { Throttle } from '../auth/index.js';
import type { DeliveryJobs } from './job-port.js';
import type { ReportProvider } from './report.js';

/** What the delivery commands run on beyond the database: the throttle, the stored report, the job queue. */
export interface DeliveryDeps {
  db: Db;
  throttle: Throttle;
  report: ReportProvider;
  jobs: DeliveryJobs;
}

/** The delivery service: the dependencies its commands (commands/) take, built once by the app. */
export const createDeliveryService = (
  db: Db,
  throttle: Throttle,
  report: ReportProvider,
  jobs: DeliveryJobs,
): DeliveryDeps => ({ db, throttle, report, jobs });
