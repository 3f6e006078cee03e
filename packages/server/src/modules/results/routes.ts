import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle, typedRead } from '../../lib/route.js';
import { enterResults } from './enter-results.js';
import { resultImportRoutes } from './import/routes.js';
import { patientResults } from './patient-results.js';
import { sampleResults } from './sample-results.js';

/** Results of samples (issue 13): HTTP only, the rules are in one command per file. */
export function resultsRoutes(app: FastifyInstance, db: Db): void {
  handle(
    app,
    'getSampleResults',
    ({ auth, query }) => sampleResults(db, auth.user.laboratory_id, query.sample_id),
    typedRead,
  );
  handle(app, 'updateSampleResults', ({ auth, body }) => enterResults(db, auth, body));
  handle(app, 'getPatientResults', ({ auth, query }) => patientResults(db, auth, query));
  resultImportRoutes(app, db);
}
