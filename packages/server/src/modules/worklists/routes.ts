import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { createWorklistService } from './service.js';

/** Work lists of the machines (issue 13): HTTP only. */
export function worklistRoutes(app: FastifyInstance, db: Db): void {
  const service = createWorklistService(db);
  handle(app, 'getWorklist', ({ auth, query }) => service.get(auth, query.machine_id));
}
