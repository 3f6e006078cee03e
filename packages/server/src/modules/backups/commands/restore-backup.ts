import type { RestoreReport } from '@sil/contract';
import type { Authenticated } from '../../../lib/auth-context.js';
import { backupFile } from '../reads.js';
import { restoreLaboratory } from '../restore.js';
import type { BackupDeps } from '../store.js';

/** Puts back into the caller's laboratory what it lost, from one of its backups. */
export async function restoreBackup(
  backups: BackupDeps,
  auth: Authenticated,
  { backup_id: backupId, passphrase }: { backup_id: string; passphrase: string },
): Promise<RestoreReport> {
  const laboratoryId = auth.user.laboratory_id;
  const { bytes } = await backupFile(backups, laboratoryId, backupId);
  const actor = { uid: auth.user.admin_uid, laboratoryId };
  return restoreLaboratory(backups.db, backups.storage, bytes, { actor, laboratoryId, passphrase });
}
