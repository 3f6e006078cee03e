import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/open.js';
import { handle } from '../../../lib/route.js';
import { importResults } from './import-results.js';
import { importMappingsOf } from './mappings.js';
import { previewImport } from './preview.js';
import { replaceImportMappings } from './replace-mappings.js';

/** Instrument results import (issue 14) and its mappings: HTTP only, the rules are in the commands. */
export function resultImportRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'getImportMappings', ({ auth, query }) =>
    importMappingsOf(db, auth, query.file_type, query.machine_id),
  );
  handle(app, 'updateImportMappings', ({ auth, body }) => replaceImportMappings(db, auth, body));
  handle(app, 'previewResultsImport', ({ auth, fields, file }) => previewImport(db, auth, fields, file));
  handle(app, 'importResults', async ({ auth, fields, file, request }) => {
    const answer = await importResults(db, auth, fields, file);
    // The log keeps the unknown sample ids (one per kind of row) and only the count of internal
    // standards, whose peaks a run has hundreds of.
    const { internal_standards, ...report } = answer;
    request.log.info(
      { file_type: fields.file_type, ...report, internal_standards: internal_standards.length },
      'instrument results imported',
    );
    return answer;
  });
}
