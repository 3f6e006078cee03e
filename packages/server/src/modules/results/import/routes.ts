import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/open.js';
import { handle } from '../../../lib/route.js';
import { createMappingService } from './mappings.js';
import { createImportService } from './service.js';

/** Instrument results import (issue 14) and its mappings: HTTP only, the rules are in the services. */
export function resultImportRoutes(app: FastifyInstance, db: Db): void {
  const imports = createImportService(db);
  const mappings = createMappingService(db);
  handle(app, 'getImportMappings', ({ auth, query }) =>
    mappings.get(auth, query.file_type, query.machine_id),
  );
  handle(app, 'updateImportMappings', ({ auth, body }) => mappings.replace(auth, body));
  handle(app, 'previewResultsImport', ({ auth, fields, file }) => imports.preview(auth, fields, file));
  handle(app, 'importResults', async ({ auth, fields, file, request }) => {
    const answer = await imports.import(auth, fields, file);
    request.log.info({ file_type: fields.file_type, ...answer }, 'instrument results imported');
    return answer;
  });
}
