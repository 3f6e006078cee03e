import type { BackupSchedule } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { backupSchedules } from '../../db/schema/backups.js';
import type { RetentionPolicy } from './retention.js';

type ScheduleRow = typeof backupSchedules.$inferSelect;

/** A laboratory without a schedule row: off, at 2 a.m., keeping 7 daily, 4 weekly, 12 monthly. */
const DEFAULTS = {
  schedule_enabled: false,
  schedule_hour: 2,
  keep_daily: 7,
  keep_weekly: 4,
  keep_monthly: 12,
};

export async function scheduleRow(db: Queryable, laboratoryId: string): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(backupSchedules)
    .where(eq(backupSchedules.laboratory_id, laboratoryId));
  return row;
}

/** The schedule as the administrator's screen reads it. */
export const scheduleAnswer = (row: ScheduleRow | undefined): BackupSchedule => ({
  schedule_enabled: row?.schedule_enabled ?? DEFAULTS.schedule_enabled,
  schedule_hour: row?.schedule_hour ?? DEFAULTS.schedule_hour,
  keep_daily: row?.keep_daily ?? DEFAULTS.keep_daily,
  keep_weekly: row?.keep_weekly ?? DEFAULTS.keep_weekly,
  keep_monthly: row?.keep_monthly ?? DEFAULTS.keep_monthly,
  last_run_at: row?.last_run_at ?? null,
  last_failure_at: row?.last_failure_at ?? null,
  last_failure_code: row?.last_failure_code ?? null,
});

/** The retention policy that prunes the laboratory's scheduled backups. */
export const retentionOf = (row: ScheduleRow | undefined): RetentionPolicy => ({
  daily: row?.keep_daily ?? DEFAULTS.keep_daily,
  weekly: row?.keep_weekly ?? DEFAULTS.keep_weekly,
  monthly: row?.keep_monthly ?? DEFAULTS.keep_monthly,
});

/** The laboratory's backup schedule (getBackupSchedule). */
export const backupSchedule = async (db: Queryable, laboratoryId: string): Promise<BackupSchedule> =>
  scheduleAnswer(await scheduleRow(db, laboratoryId));

/** Whether the laboratory's last scheduled backup failed: the dashboard's notification. */
export async function backupFailed(db: Queryable, laboratoryId: string): Promise<boolean> {
  return (await scheduleRow(db, laboratoryId))?.last_failure_at != null;
}
