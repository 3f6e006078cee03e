import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open.js';
import { runDueBackups } from './run-scheduled-backup.js';
import type { BackupDeps } from './store.js';

/**
 * Daily backups (decision 0008): every `pollSeconds` (0: never; the tests run them by hand) each
 * server copy looks for the laboratories whose backup of the day is due (runDueBackups); one copy
 * claims each. A failed day is tried again the next day.
 */
export function createBackupScheduler(
  db: Db,
  backups: BackupDeps,
  pollSeconds: number,
  log: FastifyBaseLogger,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Makes the backups due at `now` (the tests bring the clock forward instead of waiting). */
  const runDue = (now: Date = new Date()): Promise<string[]> => runDueBackups({ db, backups, log }, now);

  return {
    runDue,
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
