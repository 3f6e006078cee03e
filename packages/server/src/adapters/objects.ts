import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../lib/errors.js';

/**
 * Whole objects by key, `/` making folders: a folder of this machine or an S3-compatible bucket
 * (decision 0036). The uploaded files and the backups are both kept on one. A reader sees an object
 * whole or not at all.
 */
export interface ObjectStore {
  /** Refuses a key already there unless `replace` (keys that name immutable contents are never replaced). */
  put(key: string, bytes: Buffer, options?: { replace?: boolean }): Promise<void>;
  /** Throws `StoredObjectMissing` for a key with no object. */
  get(key: string): Promise<Buffer>;
  /** Removing what is not there is not an error: a clean-up may run twice. */
  remove(key: string): Promise<void>;
  /** Puts the object of `from` under `to` (replacing it) and drops `from`. */
  move(from: string, to: string): Promise<void>;
  /** The keys directly inside `folder` (not in its subfolders), none for a folder never written. */
  list(folder: string): Promise<string[]>;
  /** Removes every object under `folder`, subfolders included. */
  removeFolder(folder: string): Promise<void>;
}

/** No object under this key: told apart from a store that cannot be reached. */
export class StoredObjectMissing extends AppError {
  constructor(readonly key: string) {
    super('fileNotFound');
    this.name = 'StoredObjectMissing';
  }
}

/** A key that would leave the store's root: a fault of the caller's code, never the store's. */
export class UnsafeStorageKey extends Error {
  constructor(key: string) {
    super(`unsafe storage key ${key}`);
    this.name = 'UnsafeStorageKey';
  }
}

/** `key` when every part of it names a file or folder below the store's root. */
export function checkedObjectKey(key: string): string {
  if (key.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new UnsafeStorageKey(key);
  return key;
}

/** What a file system without hard links answers a `link`. */
const WITHOUT_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

const missingAs = (key: string) => (error: NodeJS.ErrnoException) => {
  throw error.code === 'ENOENT' ? new StoredObjectMissing(key) : error;
};

/**
 * Objects as files under `root`, readable by the server's account alone (patients' documents and
 * backups). A put writes aside in the same folder then links or renames in place, so that a reader
 * never sees a file half written.
 */
export function folderObjects(root: string): ObjectStore {
  const pathOf = (key: string) => path.join(root, checkedObjectKey(key));
  const folderFor = async (target: string) => {
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  };
  return {
    async put(key, bytes, options = {}) {
      const target = pathOf(key);
      await folderFor(target);
      const aside = path.join(path.dirname(target), `.${randomUUID()}.part`);
      await writeFile(aside, bytes, { mode: 0o600, flag: 'wx' });
      try {
        // A link fails on a name already there, a rename replaces it: both all at once.
        if (options.replace) await rename(aside, target);
        else
          await link(aside, target).catch((error: NodeJS.ErrnoException) => {
            // A shared folder without hard links (SMB, FUSE mounts): an exclusive copy instead.
            if (!WITHOUT_LINKS.has(error.code ?? '')) throw error;
            return copyFile(aside, target, constants.COPYFILE_EXCL);
          });
      } finally {
        await rm(aside, { force: true });
      }
    },
    get: async (key) => readFile(pathOf(key)).catch(missingAs(key)),
    remove: async (key) => rm(pathOf(key), { force: true }),
    async move(from, to) {
      const target = pathOf(to);
      await folderFor(target);
      await rename(pathOf(from), target).catch(missingAs(from));
    },
    async list(folder) {
      const entries = await readdir(pathOf(folder), { withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      // Names beginning with a dot are writes in progress.
      return entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => `${folder}/${entry.name}`)
        .sort();
    },
    removeFolder: async (folder) => rm(pathOf(folder), { recursive: true, force: true }),
  };
}
