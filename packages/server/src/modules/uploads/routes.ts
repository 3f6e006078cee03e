import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import type { UploadService } from './service.js';

export function uploadRoutes(app: FastifyInstance, uploads: UploadService): void {
  handle(app, 'uploadFile', ({ auth, fields, file }) => uploads.upload(auth, fields, file));
  handle(app, 'downloadUpload', async ({ auth, query }) => {
    const { row, bytes } = await uploads.download(auth, query.upload_id);
    return { filename: row.upload_name, contentType: row.upload_content_type, bytes };
  });
  handle(app, 'getUploads', ({ auth, query }) => uploads.list(auth, query));
  handle(app, 'deleteUpload', ({ auth, body }) => uploads.remove(auth, body.upload_id));
}
