import type { BackupKeyState } from '@sil/contract';
import { backupKeyFrom } from '../envelope.js';
import { type BackupDeps, keyFileOf, keyStateOf } from '../store.js';

/**
 * Sets the passphrase of the backups made from now on. Only the public half of the key it
 * derives is kept; earlier backups still open with the passphrase they were made with.
 */
export async function setBackupPassphrase(
  backups: BackupDeps,
  laboratoryId: string,
  passphrase: string,
): Promise<BackupKeyState> {
  const key = await backupKeyFrom(passphrase);
  await backups.objects.put(keyFileOf(laboratoryId), Buffer.from(JSON.stringify(key)), { replace: true });
  return keyStateOf(key);
}
