import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { dashboardOf } from './dashboard.js';

/** The dashboard's counters (issue 17): HTTP only. */
export function dashboardRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'getDashboard', ({ auth }) => dashboardOf(db, auth));
}
