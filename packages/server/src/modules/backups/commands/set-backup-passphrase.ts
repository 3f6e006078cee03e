import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { BackupKeyState } from '@sil/contract';
import { backupKeyFrom } from '../envelope.js';
import { type BackupDeps, folderOf, keyFileOf, keyStateOf } from '../store.js';

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
  await mkdir(folderOf(backups, laboratoryId), { recursive: true, mode: 0o700 });
  const aside = `${keyFileOf(backups, laboratoryId)}.${randomUUID()}`;
  await writeFile(aside, JSON.stringify(key), { mode: 0o600, flag: 'wx' });
  await rename(aside, keyFileOf(backups, laboratoryId));
  return keyStateOf(key);
}
