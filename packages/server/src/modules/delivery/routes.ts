import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import { markDeliveryDone } from './commands/mark-delivery-done.js';
import { markPhoneCallDone } from './commands/mark-phone-call-done.js';
import { openOnlineReport } from './commands/open-online-report.js';
import { retryDelivery } from './commands/retry-delivery.js';
import type { DeliveryDeps } from './deps.js';
import type { PrintBatches } from './print.js';
import { deliveryWorklistOf, recordDeliveries } from './reads.js';

/** Delivery of the report (issue 15): HTTP only; the writes are in commands/, the reads beside queries.ts. */
export function deliveryRoutes(app: FastifyInstance, deps: DeliveryDeps, batches: PrintBatches): void {
  const { db } = deps;
  handle(app, 'getRecordDeliveries', ({ auth, query }) => recordDeliveries(db, auth, query.record_id));
  handle(app, 'markDeliveryDone', ({ auth, body }) => markDeliveryDone(db, auth, body.delivery_id));
  handle(app, 'markPhoneCallDone', ({ auth, body }) => markPhoneCallDone(db, auth, body.call_id));
  handle(app, 'retryDelivery', ({ auth, body }) => retryDelivery(deps, auth, body.delivery_id));
  handle(app, 'getDeliveryWorklist', ({ auth, query }) => deliveryWorklistOf(db, auth, query));
  handle(app, 'openOnlineReport', ({ body, origin }) => openOnlineReport(deps, body, origin));
  handle(app, 'printDeliveryBatch', ({ auth, body }) => batches.print(auth, body.delivery_ids));
  handle(app, 'markDeliveriesPrinted', ({ auth, body }) => batches.markPrinted(auth, body.delivery_ids));
}
