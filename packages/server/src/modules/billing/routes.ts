import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { createBillingService } from './service.js';

/** Billing (issue 16): HTTP only, the rules are in the service and in compute.ts. */
export function billingRoutes(app: FastifyInstance, db: Db): void {
  const service = createBillingService(db);
  handle(app, 'getBillingDetails', ({ auth, query }) => service.details(auth, query.record_id));
  handle(app, 'getCerfa', ({ auth, query }) => service.cerfa(auth, query.record_id));
  handle(app, 'getQuote', ({ auth, query }) => service.quote(auth, query.record_id));
  handle(app, 'getBillingList', ({ auth, query }) => service.list(auth, query));
  handle(app, 'markRecordBilled', ({ auth, body }) => service.markBilled(auth, body.record_id));
  handle(app, 'markRecordPaid', ({ auth, body }) => service.markPaid(auth, body.record_id));
  handle(app, 'getBValues', ({ auth }) => service.bValues(auth));
  handle(app, 'addBValue', ({ auth, body }) => service.addBValue(auth, body));
  handle(app, 'updateBillingTerritory', ({ auth, body }) => service.updateTerritory(auth, body.territory));
}
