import { ImportNabmsAnswer } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import { actorOf } from '../auth/actor.js';
import { importNabms } from './import-service.js';

/** `POST /api/import-nabms`: multipart, the national table in field `file` (CSV or FHIR CodeSystem JSON). */
export function nabmImportRoutes(app: FastifyInstance, db: Db): void {
  app.post(
    '/api/import-nabms',
    {
      config: { access: { kind: 'permission', key: 'admin_nabms', level: 2, userTypes: ['internal'] } },
      schema: {
        tags: ['nabms'],
        summary:
          'Import the national NABM table (CSV in the IR_BIO_R layout, or FHIR CodeSystem JSON); all or nothing',
        consumes: ['multipart/form-data'],
        response: { 200: ImportNabmsAnswer },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        return fail('missingData', { issues: [{ path: 'file', message: 'multipart file required' }] });
      const file = await request.file();
      if (file?.fieldname !== 'file')
        return fail('missingData', { issues: [{ path: 'file', message: 'required' }] });
      const bytes = await file.toBuffer();
      const auth = request.auth ?? fail('invalidAccessToken');
      const report = await importNabms(db, actorOf(auth), bytes);
      request.log.info(
        {
          added: report.added.length,
          changed: report.changed.length,
          retired: report.retired.length,
          unchanged: report.unchanged,
        },
        'NABM table imported',
      );
      return report;
    },
  );
}
