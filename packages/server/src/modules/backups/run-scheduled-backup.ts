import { and, eq, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open.js';
import { backupSchedules } from '../../db/schema/backups.js';
import { AppError } from '../../lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../lib/transaction.js';
import { makeBackup } from './commands/make-backup.js';
import { pruneBackups } from './commands/prune-backups.js';
import { parisDay } from './retention.js';
import { retentionOf, scheduleRow } from './schedule-row.js';
import type { BackupDeps } from './store.js';

const parisHourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  hourCycle: 'h23',
});
const parisHour = (instant: Date) => Number(parisHourFormat.format(instant));

/** What a scheduled backup runs on: the schedule rows' database, the backups, the log. */
export interface ScheduledBackupDeps {
  db: Db;
  backups: BackupDeps;
  log: FastifyBaseLogger;
}

/**
 * The laboratory's backup of the day, then the pruning of its scheduled backups by its retention
 * policy. A failure is kept on the row (code and time) for the dashboard until a later run
 * succeeds; a success clears it.
 */
export async function runScheduledBackup(
  { db, backups, log }: ScheduledBackupDeps,
  laboratoryId: string,
  now: Date,
): Promise<void> {
  const row = await scheduleRow(db, laboratoryId);
  const setOutcome = (outcome: { last_failure_at: string | null; last_failure_code: string | null }) =>
    writeTransaction(db, SYSTEM_ACTOR, (tx) =>
      tx.update(backupSchedules).set(outcome).where(eq(backupSchedules.laboratory_id, laboratoryId)),
    );
  try {
    await makeBackup(backups, laboratoryId, undefined, { at: now, scheduled: true });
    const pruned = await pruneBackups(backups, laboratoryId, retentionOf(row));
    await setOutcome({ last_failure_at: null, last_failure_code: null });
    log.info({ laboratory_id: laboratoryId, pruned: pruned.length }, 'Scheduled backup made');
  } catch (error) {
    // The code only: a driver's message may quote a row.
    const code = error instanceof AppError ? error.code : 'unexpectedError';
    await setOutcome({ last_failure_at: now.toISOString(), last_failure_code: code });
    log.error({ laboratory_id: laboratoryId, code }, 'Scheduled backup failed');
  }
}

/**
 * Makes the backups due at `now`: each laboratory whose schedule is on gets one a Paris day, from
 * its hour on. The day's run is claimed by moving `last_run_day` in one statement, so that however
 * many server copies poll, on either database, one makes it. Answers the laboratories claimed.
 */
export async function runDueBackups(deps: ScheduledBackupDeps, now: Date): Promise<string[]> {
  const day = parisDay(now);
  const claimed = await writeTransaction(deps.db, SYSTEM_ACTOR, (tx) =>
    tx
      .update(backupSchedules)
      .set({ last_run_day: day, last_run_at: now.toISOString() })
      .where(
        and(
          eq(backupSchedules.schedule_enabled, true),
          lte(backupSchedules.schedule_hour, parisHour(now)),
          or(isNull(backupSchedules.last_run_day), ne(backupSchedules.last_run_day, day)),
        ),
      )
      .returning({ laboratory_id: backupSchedules.laboratory_id }),
  );
  for (const { laboratory_id } of claimed) await runScheduledBackup(deps, laboratory_id, now);
  return claimed.map((row) => row.laboratory_id);
}
