import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { createDashboardService } from './service.js';

/** The dashboard's counters (issue 17): HTTP only. */
export function dashboardRoutes(app: FastifyInstance, db: Db): void {
  const service = createDashboardService(db);
  handle(app, 'getDashboard', ({ auth }) => service.get(auth));
}
