import { boolean, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';

/** The laboratory's daily backup schedule and retention, and its last run (migration 0050). */
export const backupSchedules = pgTable('backup_schedules', {
  laboratory_id: uuid('laboratory_id')
    .primaryKey()
    .references(() => laboratories.laboratory_id),
  schedule_enabled: boolean('schedule_enabled').notNull().default(false),
  /** The hour (Paris time) from which the day's backup is due. */
  schedule_hour: smallint('schedule_hour').notNull().default(2),
  keep_daily: smallint('keep_daily').notNull().default(7),
  keep_weekly: smallint('keep_weekly').notNull().default(4),
  keep_monthly: smallint('keep_monthly').notNull().default(12),
  /** The Paris day whose run was claimed: a day's backup is made once, by one server copy. */
  last_run_day: text('last_run_day'),
  last_run_at: stamp('last_run_at'),
  last_failure_at: stamp('last_failure_at'),
  last_failure_code: text('last_failure_code'),
  schedule_last_updated: stampNow('schedule_last_updated'),
});
