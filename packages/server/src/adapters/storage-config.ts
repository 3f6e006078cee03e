import path from 'node:path';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';
import { s3FileStorage } from './s3-storage.js';
import { type FileStorage, localFileStorage, StoredFileMissing, UnsafeStorageKey } from './storage.js';

/**
 * The file store the configuration asks for: an S3-compatible bucket when `S3_BUCKET` is set (several
 * server copies, docs/deployment.md), the local folder otherwise. A bucket without its region or
 * credentials stops the server at start with the settings to fill, rather than at the first upload.
 */
export async function fileStorageFromConfig(config: Config): Promise<FileStorage> {
  return answeringInCatalogue(await configuredStorage(config));
}

async function configuredStorage(config: Config): Promise<FileStorage> {
  const bucket = config.S3_BUCKET;
  if (!bucket) return localFileStorage(config.STORAGE_DIR ?? path.join(config.dataDir, 'files'));
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
  return s3FileStorage({ bucket, region, accessKeyId, secretAccessKey, ...endpoint });
}

/**
 * The store's failures as the user reads them: a file its row names but the store lacks is
 * `fileNotFound`; a store that cannot be reached or refuses the call is `fileStoreUnavailable` (503,
 * logged with its cause), never a bare 500. Nothing more is retried here (the S3 client makes its own
 * three attempts): the user's own retry is safe, an upload that failed having written no row.
 */
export function answeringInCatalogue(storage: FileStorage): FileStorage {
  const translated = (error: unknown): never => {
    if (error instanceof UnsafeStorageKey) throw error;
    const code = error instanceof StoredFileMissing ? 'fileNotFound' : 'fileStoreUnavailable';
    throw Object.assign(new AppError(code), { cause: error });
  };
  return {
    put: (key, bytes) => storage.put(key, bytes).catch(translated),
    get: (key) => storage.get(key).catch(translated),
    remove: (key) => storage.remove(key).catch(translated),
    stage: (files) => storage.stage(files).catch(translated),
  };
}
