import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { laboratoryIdentity, updateLaboratoryIdentity } from './identity.js';

/** The laboratory's identity printed on its reports: HTTP only, the rules are in identity.ts. */
export function laboratoryRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'getLaboratoryIdentity', ({ auth }) => laboratoryIdentity(db, auth));
  handle(app, 'updateLaboratoryIdentity', ({ auth, body }) => updateLaboratoryIdentity(db, auth, body));
}
