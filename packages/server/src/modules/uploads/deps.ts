import type { FileStorage } from '../../adapters/storage.js';
import type { Db } from '../../db/open.js';

/** What uploads need: the rows in the database, the bytes in the file storage. */
export interface UploadDeps {
  db: Db;
  storage: FileStorage;
}
