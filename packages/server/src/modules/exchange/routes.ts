import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import type { OutboundAddresses } from '../../lib/outbound-address.js';
import { handle } from '../../lib/route.js';
import { createExchangeDestinationService } from './destination.js';
import { exportResults } from './service.js';

/** Result exchange (issue 16): a validated record's results in one of the four formats, and where they are sent. */
export function exchangeRoutes(app: FastifyInstance, db: Db, outbound: OutboundAddresses): void {
  const destination = createExchangeDestinationService(db, outbound);
  handle(app, 'exportRecordResults', ({ auth, query }) =>
    exportResults(db, auth, query.record_id, query.format),
  );
  handle(app, 'getExchangeDestination', ({ auth }) => destination.get(auth));
  handle(app, 'updateExchangeDestination', ({ auth, body }) => destination.update(auth, body));
}
