import type { BackupSchedule } from '@sil/contract';
import { and, eq, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/open.js';
import { backupSchedules } from '../../db/schema/backups.js';
import type { Actor } from '../../lib/auth-context.js';
import { AppError, fail } from '../../lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../lib/transaction.js';
import { makeBackup } from './commands/make-backup.js';
import { pruneBackups } from './commands/prune-backups.js';
import { backupKeyState } from './reads.js';
import { parisDay } from './retention.js';
import type { BackupDeps } from './store.js';

const parisHourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  hourCycle: 'h23',
});
const parisHour = (instant: Date) => Number(parisHourFormat.format(instant));

const DEFAULTS = {
  schedule_enabled: false,
  schedule_hour: 2,
  keep_daily: 7,
  keep_weekly: 4,
  keep_monthly: 12,
};

async function scheduleRow(db: Queryable, laboratoryId: string) {
  const [row] = await db
    .select()
    .from(backupSchedules)
    .where(eq(backupSchedules.laboratory_id, laboratoryId));
  return row;
}

const answer = (row: typeof backupSchedules.$inferSelect | undefined): BackupSchedule => ({
  schedule_enabled: row?.schedule_enabled ?? DEFAULTS.schedule_enabled,
  schedule_hour: row?.schedule_hour ?? DEFAULTS.schedule_hour,
  keep_daily: row?.keep_daily ?? DEFAULTS.keep_daily,
  keep_weekly: row?.keep_weekly ?? DEFAULTS.keep_weekly,
  keep_monthly: row?.keep_monthly ?? DEFAULTS.keep_monthly,
  last_run_at: row?.last_run_at ?? null,
  last_failure_at: row?.last_failure_at ?? null,
  last_failure_code: row?.last_failure_code ?? null,
});

/** Whether the laboratory's last scheduled backup failed: the dashboard's notification. */
export async function backupFailed(db: Queryable, laboratoryId: string): Promise<boolean> {
  return (await scheduleRow(db, laboratoryId))?.last_failure_at != null;
}

/**
 * Daily backups (decision 0008): each laboratory whose schedule is on gets one backup a Paris day,
 * from its hour on, then its scheduled backups are pruned by its retention policy. The day's run is
 * claimed by moving `last_run_day` in one statement, so that however many server copies poll, on
 * either database, one makes it. A failure is kept on the row (code and time) for the dashboard
 * until a later run succeeds; the next day's run tries again.
 */
export function createBackupScheduler(
  db: Db,
  backups: BackupDeps,
  pollSeconds: number,
  log: FastifyBaseLogger,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function runOne(laboratoryId: string, now: Date) {
    const row = await scheduleRow(db, laboratoryId);
    try {
      await makeBackup(backups, laboratoryId, undefined, { at: now, scheduled: true });
      const pruned = await pruneBackups(backups, laboratoryId, {
        daily: row?.keep_daily ?? DEFAULTS.keep_daily,
        weekly: row?.keep_weekly ?? DEFAULTS.keep_weekly,
        monthly: row?.keep_monthly ?? DEFAULTS.keep_monthly,
      });
      await writeTransaction(db, SYSTEM_ACTOR, (tx) =>
        tx
          .update(backupSchedules)
          .set({ last_failure_at: null, last_failure_code: null })
          .where(eq(backupSchedules.laboratory_id, laboratoryId)),
      );
      log.info({ laboratory_id: laboratoryId, pruned: pruned.length }, 'Scheduled backup made');
    } catch (error) {
      // The code only: a driver's message may quote a row.
      const code = error instanceof AppError ? error.code : 'unexpectedError';
      await writeTransaction(db, SYSTEM_ACTOR, (tx) =>
        tx
          .update(backupSchedules)
          .set({ last_failure_at: now.toISOString(), last_failure_code: code })
          .where(eq(backupSchedules.laboratory_id, laboratoryId)),
      );
      log.error({ laboratory_id: laboratoryId, code }, 'Scheduled backup failed');
    }
  }

  /** Makes the backups due at `now` (the tests bring the clock forward instead of waiting). */
  async function runDue(now: Date = new Date()): Promise<string[]> {
    const day = parisDay(now);
    const claimed = await writeTransaction(db, SYSTEM_ACTOR, (tx) =>
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
    for (const { laboratory_id } of claimed) await runOne(laboratory_id, now);
    return claimed.map((row) => row.laboratory_id);
  }

  return {
    runDue,
    get: async (laboratoryId: string) => answer(await scheduleRow(db, laboratoryId)),

    /** The administrator's schedule; turning it on needs the backup passphrase set. */
    async set(actor: Actor & { laboratoryId: string }, settings: Omit<BackupSchedule, `last_${string}`>) {
      if (settings.schedule_enabled && !(await backupKeyState(backups, actor.laboratoryId)).backup_key_set)
        fail('backupKeyMissing');
      const values = { laboratory_id: actor.laboratoryId, ...settings };
      const [row] = await writeTransaction(db, actor, (tx) =>
        tx
          .insert(backupSchedules)
          .values(values)
          .onConflictDoUpdate({ target: backupSchedules.laboratory_id, set: settings })
          .returning(),
      );
      return answer(row);
    },

    start() {
      if (pollSeconds <= 0) return;
      const poll = () => {
        running ??= runDue()
          .catch((error: unknown) => log.error({ err: error }, 'Backup schedule poll failed'))
          .finally(() => {
            running = undefined;
          });
      };
      timer = setInterval(poll, pollSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type BackupScheduler = ReturnType<typeof createBackupScheduler>;
