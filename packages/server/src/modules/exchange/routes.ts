import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { exportResults } from './service.js';

/** Result exchange (issue 16): a validated record's results in one of the four formats. */
export function exchangeRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'exportRecordResults', ({ auth, query }) =>
    exportResults(db, auth, query.record_id, query.format),
  );
}
