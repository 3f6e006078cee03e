import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import type { PrintBatches } from './print.js';
import type { DeliveryService } from './service.js';

/** Delivery of the report (issue 15): HTTP only, the rules are in the service. */
export function deliveryRoutes(app: FastifyInstance, service: DeliveryService, batches: PrintBatches): void {
  handle(app, 'getRecordDeliveries', ({ auth, query }) => service.list(auth, query.record_id));
  handle(app, 'markDeliveryDone', ({ auth, body }) => service.markDone(auth, body.delivery_id));
  handle(app, 'markPhoneCallDone', ({ auth, body }) => service.markCallDone(auth, body.call_id));
  handle(app, 'retryDelivery', ({ auth, body }) => service.retry(auth, body.delivery_id));
  handle(app, 'getDeliveryWorklist', ({ auth, query }) => service.worklist(auth, query.channel, query.state));
  handle(app, 'openOnlineReport', ({ body, origin }) => service.openOnline(body, origin));
  handle(app, 'printDeliveryBatch', ({ auth, body }) => batches.print(auth, body.delivery_ids));
  handle(app, 'markDeliveriesPrinted', ({ auth, body }) => batches.markPrinted(auth, body.delivery_ids));
}
