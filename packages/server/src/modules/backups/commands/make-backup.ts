import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { BackupRow } from '@sil/contract';
import { AppError, fail } from '../../../lib/errors.js';
import { dumpLaboratory } from '../dump.js';
import { openWithContentKey, seal } from '../envelope.js';
import { type Manifest, readBackup } from '../format.js';
import { type BackupDeps, describeBackup, descriptionOf, fileOf, readKey } from '../store.js';

/**
 * Makes a backup and reads it back from the store (decrypted, decompressed, parsed, every part
 * counted and hashed against the manifest) before listing it: a backup that cannot be read is an
 * error. Only a description lists a backup, and it is written last.
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
  const file = fileOf(laboratoryId, backupId);
  await backups.objects.put(file, bytes);
  try {
    // Read back from the store as a restore will: decrypted, decompressed, counted and hashed.
    const stored = await backups.objects.get(file);
    verify(stored, contentKey, manifest);
    // The file first, verified: a description only ever points at a verified file.
    const row = describeBackup(backupId, manifest, bytes.length, key, made.scheduled ?? false);
    await backups.objects.put(descriptionOf(laboratoryId, backupId), Buffer.from(JSON.stringify(row)));
    return row;
  } catch (error) {
    // No file without its description: nothing would list it, nor prune it. The first error is
    // the one to tell.
    await backups.objects.remove(file).catch(() => undefined);
    throw error;
  }
}

/** A backup read back that does not give the manifest it was made with is `backupVerificationFailed`. */
function verify(stored: Buffer, contentKey: Buffer, manifest: Manifest) {
  try {
    const reread = readBackup(openWithContentKey(stored, contentKey));
    if (!isDeepStrictEqual(reread.manifest, manifest))
      fail('backupVerificationFailed', { reason: 'manifest' });
  } catch (error) {
    if (error instanceof AppError && error.code === 'backupVerificationFailed') throw error;
    fail('backupVerificationFailed', { reason: error instanceof AppError ? error.code : 'unreadable' });
  }
}
