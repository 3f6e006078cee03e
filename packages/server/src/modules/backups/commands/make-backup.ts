import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { BackupRow } from '@sil/contract';
import { AppError, fail } from '../../../lib/errors.js';
import { dumpLaboratory } from '../dump.js';
import { openWithContentKey, seal } from '../envelope.js';
import { readBackup } from '../format.js';
import { type BackupDeps, describeBackup, descriptionOf, fileOf, folderOf, readKey } from '../store.js';

/**
 * Makes a backup and reads it back from the disk (decompressed, parsed, every part counted and
 * hashed against the manifest) before listing it: a backup that cannot be read is an error.
 */
export async function makeBackup(
  backups: BackupDeps,
  laboratoryId: string,
  tables?: string[],
  made: { at?: Date; scheduled?: boolean } = {},
): Promise<BackupRow> {
  const key = (await readKey(backups, laboratoryId)) ?? fail('backupKeyMissing');
  const dumped = await dumpLaboratory(backups.db, backups.storage, laboratoryId, tables, made.at);
  const manifest = dumped.manifest;
  const { bytes, contentKey } = seal(dumped.bytes, key);
  const backupId = randomUUID();
  const folder = folderOf(backups, laboratoryId);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const partial = path.join(folder, `${backupId}.partial`);
  await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
  try {
    // Read back as a restore will: decrypted, decompressed, every part counted and hashed.
    const reread = readBackup(openWithContentKey(await readFile(partial), contentKey));
    if (!isDeepStrictEqual(reread.manifest, manifest))
      fail('backupVerificationFailed', { reason: 'manifest' });
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof AppError && error.code === 'backupVerificationFailed') throw error;
    return fail('backupVerificationFailed', {
      reason: error instanceof AppError ? error.code : 'unreadable',
    });
  }
  // The file first, complete: a description only ever points at a verified file.
  await rename(partial, fileOf(backups, laboratoryId, backupId));
  const row = describeBackup(backupId, manifest, bytes.length, key, made.scheduled ?? false);
  await writeFile(descriptionOf(backups, laboratoryId, backupId), JSON.stringify(row), { mode: 0o600 });
  return row;
}
