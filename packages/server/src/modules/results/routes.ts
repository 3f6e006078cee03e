import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { resultImportRoutes } from './import/routes.js';
import { createResultService } from './service.js';

/** Results of samples (issue 13): HTTP only, the rules are in the service. */
export function resultsRoutes(app: FastifyInstance, db: Db): void {
  const service = createResultService(db);
  handle(app, 'getSampleResults', ({ auth, query }) => service.get(auth, query.sample_id));
  handle(app, 'updateSampleResults', ({ auth, body }) => service.update(auth, body));
  handle(app, 'getPatientResults', ({ auth, query }) => service.ofPatient(auth, query));
  resultImportRoutes(app, db);
}
