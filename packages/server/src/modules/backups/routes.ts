import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import type { BackupScheduler } from './schedule.js';
import type { BackupService } from './service.js';

/** Backups of the caller's laboratory (admin_access level 3): make, list, download, restore. */
export function backupRoutes(app: FastifyInstance, backups: BackupService, schedule: BackupScheduler): void {
  handle(app, 'addBackup', ({ auth, body }) => backups.create(auth.user.laboratory_id, body.tables));
  handle(app, 'getBackups', ({ auth }) => backups.list(auth.user.laboratory_id));
  handle(app, 'downloadBackup', async ({ auth, query }) => {
    const { fileName, bytes } = await backups.file(auth.user.laboratory_id, query.backup_id);
    return {
      backup_id: query.backup_id,
      file_name: fileName,
      content_type: 'application/octet-stream' as const,
      content_base64: bytes.toString('base64'),
    };
  });
  handle(app, 'restoreBackup', ({ auth, body }) =>
    backups.restore(
      { uid: auth.user.admin_uid, laboratoryId: auth.user.laboratory_id },
      body.backup_id,
      body.passphrase,
    ),
  );
  handle(app, 'getBackupKey', ({ auth }) => backups.keyState(auth.user.laboratory_id));
  handle(app, 'setBackupPassphrase', ({ auth, body }) =>
    backups.setPassphrase(auth.user.laboratory_id, body.passphrase),
  );
  handle(app, 'getBackupSchedule', ({ auth }) => schedule.get(auth.user.laboratory_id));
  handle(app, 'setBackupSchedule', ({ auth, body }) =>
    schedule.set({ uid: auth.user.admin_uid, laboratoryId: auth.user.laboratory_id }, body),
  );
}
