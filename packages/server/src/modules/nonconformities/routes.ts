import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { createNonconformityService } from './service.js';

/** Non-conformities (issue 13): HTTP only, the rules are in the service. */
export function nonconformityRoutes(app: FastifyInstance, db: Db): void {
  const service = createNonconformityService(db);
  handle(app, 'getRecordNonconformities', ({ auth, query }) => service.list(auth, query.record_id));
  handle(app, 'addAne', ({ auth, body }) => service.addAne(auth, body));
  handle(app, 'addNca', ({ auth, body }) => service.addNca(auth, body));
  handle(app, 'resolveNca', ({ auth, body }) => service.resolveNca(auth, body));
  handle(app, 'openNct', ({ auth, body }) => service.openNct(auth, body));
  handle(app, 'closeNct', ({ auth, body }) => service.closeNct(auth, body));
  handle(app, 'updateSampleLbloc', ({ auth, body }) => service.updateSampleLbloc(auth, body));
  handle(app, 'updateRecordLbloc', ({ auth, body }) => service.updateRecordLbloc(auth, body));
}
