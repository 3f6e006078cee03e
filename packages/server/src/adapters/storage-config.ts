import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';
import { folderObjects, type ObjectStore, StoredObjectMissing, UnsafeStorageKey } from './objects.js';
import { bucketObjects, type S3Settings } from './s3-storage.js';
import { type FileStorage, fileStorageOn } from './storage.js';

/**
 * The file store the configuration asks for: an S3-compatible bucket when `S3_BUCKET` is set (several
 * server copies, docs/deployment.md), the local folder otherwise. A bucket without its region or
 * credentials stops the server at start with the settings to fill, rather than at the first upload.
 */
export async function fileStorageFromConfig(config: Config): Promise<FileStorage> {
  const settings = bucketSettings(config);
  const objects = settings
    ? await bucketObjects(settings)
    : folderObjects(config.STORAGE_DIR ?? path.join(config.dataDir, 'files'));
  return fileStorageOn(answeringInCatalogue(objects));
}

/**
 * Where the backups are kept: `BACKUP_DIR` when it is set; else, with a bucket, under `backups/` in
 * `S3_BACKUP_BUCKET` or the files' bucket, so that every server copy lists the same backups; else
 * the data folder's `backups`.
 */
export async function backupObjectsFromConfig(
  config: Config,
  warn: (message: string) => void = () => undefined,
): Promise<ObjectStore> {
  if (config.S3_BACKUP_BUCKET && !config.S3_BUCKET)
    throw new Error('S3_BACKUP_BUCKET needs: S3_BUCKET (the store, its region and credentials)');
  const settings = bucketSettings(config);
  const folder = config.BACKUP_DIR ?? path.join(config.dataDir, 'backups');
  if (!settings || config.BACKUP_DIR) return answeringInCatalogue(folderObjects(folder));
  // A server given a bucket after keeping its backups in its data folder would no longer list them.
  const left = await readdir(folder).catch(() => [] as string[]);
  if (left.length > 0)
    warn(
      `backups are now kept in the bucket under backups/; ${folder} still holds ${left.length} laboratory folders: copy them there (docs/deployment.md) or set BACKUP_DIR`,
    );
  const bucket = config.S3_BACKUP_BUCKET ?? settings.bucket;
  return answeringInCatalogue(await bucketObjects({ ...settings, bucket }, 'backups/'));
}

function bucketSettings(config: Config): S3Settings | null {
  const bucket = config.S3_BUCKET;
  if (!bucket) return null;
  const { S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (!region || !accessKeyId || !secretAccessKey) {
    const missing = [
      ['S3_REGION', region],
      ['S3_ACCESS_KEY_ID', accessKeyId],
      ['S3_SECRET_ACCESS_KEY', secretAccessKey],
    ].filter(([, value]) => !value);
    throw new Error(`S3_BUCKET needs: ${missing.map(([name]) => name).join(', ')}`);
  }
  const endpoint = config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {};
  return { bucket, region, accessKeyId, secretAccessKey, ...endpoint };
}

/**
 * The store's failures as the user reads them: an object the store lacks is `fileNotFound`
 * (`StoredObjectMissing`); a store that cannot be reached or refuses the call is
 * `fileStoreUnavailable` (503, logged with its cause), never a bare 500. Nothing more is retried
 * here (the S3 client makes its own three attempts): the user's own retry is safe, an upload that
 * failed having written no row.
 */
export function answeringInCatalogue(objects: ObjectStore): ObjectStore {
  const translated = (error: unknown): never => {
    if (error instanceof StoredObjectMissing || error instanceof UnsafeStorageKey) throw error;
    throw Object.assign(new AppError('fileStoreUnavailable'), { cause: error });
  };
  return {
    put: (key, bytes, options) => objects.put(key, bytes, options).catch(translated),
    get: (key) => objects.get(key).catch(translated),
    remove: (key) => objects.remove(key).catch(translated),
    move: (from, to) => objects.move(from, to).catch(translated),
    list: (folder) => objects.list(folder).catch(translated),
    removeFolder: (folder) => objects.removeFolder(folder).catch(translated),
  };
}
