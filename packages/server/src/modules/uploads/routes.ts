import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import { deleteFile } from './delete-file.js';
import type { UploadDeps } from './deps.js';
import { downloadFile, listFiles } from './reads.js';
import { storeFile } from './store-file.js';

/** Files attached to records and patients: HTTP only, the rules are in one command per file. */
export function uploadRoutes(app: FastifyInstance, deps: UploadDeps): void {
  handle(app, 'uploadFile', ({ auth, fields, file }) => storeFile(deps, auth, fields, file));
  handle(app, 'downloadUpload', ({ auth, query }) => downloadFile(deps, auth, query.upload_id));
  handle(app, 'getUploads', ({ auth, query }) => listFiles(deps, auth, query));
  handle(app, 'deleteUpload', ({ auth, body }) => deleteFile(deps, auth, body.upload_id));
}
