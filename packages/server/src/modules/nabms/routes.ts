import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { actorOf } from '../../lib/auth-context.js';
import { handle } from '../../lib/route.js';
import { importNabms } from './import-service.js';

/** `POST /api/import-nabms`: multipart, the national table in field `file` (CSV or FHIR CodeSystem JSON). */
export function nabmImportRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'importNabms', async ({ auth, file, request }) => {
    const report = await importNabms(db, actorOf(auth), file.bytes);
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
  });
}
