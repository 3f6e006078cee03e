import type { FastifyInstance } from 'fastify';
import type { Authenticated } from '../../lib/auth-context.js';
import { handle } from '../../lib/route.js';
import { makeBackup } from './commands/make-backup.js';
import { restoreBackup } from './commands/restore-backup.js';
import { setBackupPassphrase } from './commands/set-backup-passphrase.js';
import { setBackupSchedule } from './commands/set-backup-schedule.js';
import { backupKeyState, downloadBackup, listBackups } from './reads.js';
import { backupSchedule } from './schedule-row.js';
import type { BackupDeps } from './store.js';

/** The administrator as the schedule's trace names its author. */
const administrator = (auth: Authenticated) => ({
  uid: auth.user.admin_uid,
  laboratoryId: auth.user.laboratory_id,
});

/** Backups of the caller's laboratory (admin_access level 3): make, list, download, restore. */
export function backupRoutes(app: FastifyInstance, backups: BackupDeps): void {
  handle(app, 'addBackup', ({ auth, body }) => makeBackup(backups, auth.user.laboratory_id, body.tables));
  handle(app, 'getBackups', ({ auth }) => listBackups(backups, auth.user.laboratory_id));
  handle(app, 'downloadBackup', ({ auth, query }) => downloadBackup(backups, auth, query.backup_id));
  handle(app, 'restoreBackup', ({ auth, body }) => restoreBackup(backups, auth, body));
  handle(app, 'getBackupKey', ({ auth }) => backupKeyState(backups, auth.user.laboratory_id));
  handle(app, 'setBackupPassphrase', ({ auth, body }) =>
    setBackupPassphrase(backups, auth.user.laboratory_id, body.passphrase),
  );
  handle(app, 'getBackupSchedule', ({ auth }) => backupSchedule(backups.db, auth.user.laboratory_id));
  handle(app, 'setBackupSchedule', ({ auth, body }) => setBackupSchedule(backups, administrator(auth), body));
}
