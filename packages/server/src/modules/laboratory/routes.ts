import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { createLaboratoryService } from './service.js';

/** The laboratory's identity printed on its reports: HTTP only, the rules are in the service. */
export function laboratoryRoutes(app: FastifyInstance, db: Db): void {
  const service = createLaboratoryService(db);
  handle(app, 'getLaboratoryIdentity', ({ auth }) => service.get(auth));
  handle(app, 'updateLaboratoryIdentity', ({ auth, body }) => service.update(auth, body));
}
