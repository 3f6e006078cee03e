import type { BackupKeyState, BackupRow } from '@sil/contract';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { type BackupDeps, fileOf, keyStateOf, readDescription, readIfStored, readKey } from './store.js';

/** The laboratory's backups this version restores, newest first. */
export async function listBackups(backups: BackupDeps, laboratoryId: string): Promise<BackupRow[]> {
  const names = (await backups.objects.list(laboratoryId)).map((key) => key.slice(laboratoryId.length + 1));
  const rows = await Promise.all(
    names
      .filter((name) => /^[0-9a-f-]{36}\.json$/.test(name))
      .map((name) => readDescription(backups, laboratoryId, name.slice(0, -5))),
  );
  return rows
    .filter((row): row is BackupRow => row !== null)
    .sort((a, b) => b.backup_created.localeCompare(a.backup_created));
}

/** One of the laboratory's backups as its encrypted file, with the name it is downloaded under. */
export async function backupFile(backups: BackupDeps, laboratoryId: string, backupId: string) {
  const row = (await readDescription(backups, laboratoryId, backupId)) ?? fail('backupNotFound');
  const bytes = (await readIfStored(backups, fileOf(laboratoryId, row.backup_id))) ?? fail('backupNotFound');
  return { fileName: `sil-backup-${row.backup_created.slice(0, 10)}-${row.backup_id}.sil-backup`, bytes };
}

/** The download-backup answer: one of the caller's laboratory's backups in base64. */
export async function downloadBackup(backups: BackupDeps, auth: Authenticated, backupId: string) {
  const { fileName, bytes } = await backupFile(backups, auth.user.laboratory_id, backupId);
  return {
    backup_id: backupId,
    file_name: fileName,
    content_type: 'application/octet-stream' as const,
    content_base64: bytes.toString('base64'),
  };
}

/** Whether the laboratory has set its backup passphrase, and its key's fingerprint. */
export const backupKeyState = async (backups: BackupDeps, laboratoryId: string): Promise<BackupKeyState> =>
  keyStateOf(await readKey(backups, laboratoryId));
