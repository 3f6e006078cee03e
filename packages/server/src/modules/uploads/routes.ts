import { MAX_UPLOAD_BYTES, UploadFields, UploadRow } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../lib/errors.js';
import { handle } from '../../lib/route.js';
import type { UploadService } from './service.js';

const recordsEdit = { kind: 'permission', key: 'admin_records', level: 2, userTypes: ['internal'] } as const;
const recordsRead = { kind: 'permission', key: 'admin_records', level: 1, userTypes: ['internal'] } as const;

export function uploadRoutes(app: FastifyInstance, uploads: UploadService): void {
  app.post(
    '/api/upload-file',
    {
      config: { access: recordsEdit },
      schema: {
        tags: ['api'],
        summary: `Attach a file (PDF, PNG, JPEG or TIFF, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB) to a record or a patient; multipart fields record_id or patient_id, document_type, appears_in_report, then file`,
        consumes: ['multipart/form-data'],
        response: { 200: UploadRow },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        return fail('missingData', { issues: [{ path: 'file', message: 'required' }] });
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | undefined;
      for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else if (part.fieldname === 'file' && !file)
          file = { name: part.filename, bytes: await part.toBuffer() };
        else await part.toBuffer();
      }
      const parsed = UploadFields.safeParse(fields);
      if (!parsed.success) {
        return fail('incorrectType', {
          issues: parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        });
      }
      if (!file) return fail('missingData', { issues: [{ path: 'file', message: 'required' }] });
      return uploads.upload(request.auth ?? fail('invalidAccessToken'), parsed.data, file);
    },
  );

  app.get(
    '/api/download-upload',
    {
      config: { access: recordsRead },
      schema: {
        tags: ['api'],
        summary: 'The bytes of an attached file',
        querystring: z.object({ upload_id: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { upload_id } = request.query as { upload_id: string };
      const { row, bytes } = await uploads.download(request.auth ?? fail('invalidAccessToken'), upload_id);
      return reply
        .header('content-type', row.upload_content_type)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.upload_name)}`)
        .send(bytes);
    },
  );

  handle(app, 'getUploads', ({ auth, query }) => uploads.list(auth, query));
  handle(app, 'deleteUpload', ({ auth, body }) => uploads.remove(auth, body.upload_id));
}
