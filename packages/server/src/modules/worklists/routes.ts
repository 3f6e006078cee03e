import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { worklistOf } from './worklist.js';

/** Work lists of the machines (issue 13): HTTP only. */
export function worklistRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'getWorklist', ({ auth, query }) => worklistOf(db, auth, query.machine_id));
}
