import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { bValues } from './b-values.js';
import { billingDetails } from './billing-details.js';
import { billingRecords } from './billing-records.js';
import { addBValue } from './commands/add-b-value.js';
import { markRecordBilled } from './commands/mark-record-billed.js';
import { markRecordPaid } from './commands/mark-record-paid.js';
import { setBillingTerritory } from './commands/set-billing-territory.js';
import { feeSheet } from './fee-sheet.js';
import { quote } from './quote.js';

/** Billing (issue 16): HTTP only; reads beside queries.ts, writes in commands/, the bill in compute.ts. */
export function billingRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'getBillingDetails', ({ auth, query }) => billingDetails(db, auth, query.record_id));
  handle(app, 'getCerfa', ({ auth, query }) => feeSheet(db, auth, query.record_id));
  handle(app, 'getQuote', ({ auth, query }) => quote(db, auth, query.record_id));
  handle(app, 'getBillingList', ({ auth, query }) => billingRecords(db, auth, query));
  handle(app, 'markRecordBilled', ({ auth, body }) => markRecordBilled(db, auth, body.record_id));
  handle(app, 'markRecordPaid', ({ auth, body }) => markRecordPaid(db, auth, body.record_id));
  handle(app, 'getBValues', ({ auth }) => bValues(db, auth));
  handle(app, 'addBValue', ({ auth, body }) => addBValue(db, auth, body));
  handle(app, 'updateBillingTerritory', ({ auth, body }) => setBillingTerritory(db, auth, body.territory));
}
