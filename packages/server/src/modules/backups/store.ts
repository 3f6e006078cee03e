import { createHash } from 'node:crypto';
import { BACKUP_FORMAT_VERSION, type BackupKeyState, BackupRow } from '@sil/contract';
import { type ObjectStore, StoredObjectMissing } from '../../adapters/objects.js';
import type { FileStorage } from '../../adapters/storage.js';
import type { Db } from '../../db/open.js';
import type { BackupKey } from './envelope.js';
import type { Manifest } from './format.js';

/** What the backup commands run on: the database, the stored files, the store backups are kept in. */
export interface BackupDeps {
  db: Db;
  storage: FileStorage;
  objects: ObjectStore;
}

/**
 * The backup service: backups kept as objects (a folder or a bucket, `backupObjectsFromConfig`),
 * one folder per laboratory, each backup with a small description beside it; built once by the app
 * (and by the backup command line).
 */
export const createBackupService = (db: Db, objects: ObjectStore, storage: FileStorage): BackupDeps => ({
  db,
  storage,
  objects,
});

export const fileOf = (laboratoryId: string, backupId: string) => `${laboratoryId}/${backupId}.sil-backup`;
export const descriptionOf = (laboratoryId: string, backupId: string) => `${laboratoryId}/${backupId}.json`;
/** The laboratory's backup key (its public half), beside its backups. */
export const keyFileOf = (laboratoryId: string) => `${laboratoryId}/backup-key`;

/** The object, or null when there is none; a store that cannot be reached still fails. */
export const readIfStored = (backups: BackupDeps, key: string): Promise<Buffer | null> =>
  backups.objects.get(key).catch((error: unknown) => {
    if (error instanceof StoredObjectMissing) return null;
    throw error;
  });

const readText = async (backups: BackupDeps, key: string) =>
  (await readIfStored(backups, key))?.toString('utf8') ?? null;

export const readKey = async (backups: BackupDeps, laboratoryId: string): Promise<BackupKey | null> =>
  JSON.parse((await readText(backups, keyFileOf(laboratoryId))) ?? 'null');

/** A short hash of a backup key's public half: the same passphrase shows the same fingerprint. */
const fingerprintOf = (key: BackupKey) =>
  (createHash('sha256').update(key.public_key).digest('hex').slice(0, 16).match(/..../g) ?? []).join('-');

export const keyStateOf = (key: BackupKey | null): BackupKeyState => ({
  backup_key_set: key !== null,
  backup_key_created: key?.created_at ?? null,
  backup_key_fingerprint: key ? fingerprintOf(key) : null,
});

/** The description of a backup, as the list shows it. */
export const describeBackup = (
  backupId: string,
  manifest: Manifest,
  size: number,
  key: BackupKey,
  scheduled: boolean,
): BackupRow => ({
  backup_id: backupId,
  backup_created: manifest.created_at,
  backup_size: size,
  backup_format_version: manifest.version,
  backup_tables: Object.fromEntries(Object.entries(manifest.tables).map(([name, part]) => [name, part.rows])),
  backup_files: manifest.files.length,
  backup_key_fingerprint: fingerprintOf(key),
  backup_scheduled: scheduled,
});

/**
 * A backup's description, when it describes a backup this version restores: those of format 1
 * (before the files, the binary columns and the encryption) are left in the folder, not listed.
 */
export async function readDescription(
  backups: BackupDeps,
  laboratoryId: string,
  backupId: string,
): Promise<BackupRow | null> {
  const text = await readText(backups, descriptionOf(laboratoryId, backupId));
  if (text === null) return null;
  try {
    const row = BackupRow.safeParse(JSON.parse(text));
    return row.success && row.data.backup_format_version === BACKUP_FORMAT_VERSION ? row.data : null;
  } catch {
    return null;
  }
}
