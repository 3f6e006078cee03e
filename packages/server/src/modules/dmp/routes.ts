import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { recordDmp } from './reads.js';
import { updateRecordDmp } from './update-record-dmp.js';

/** The DMP feed of a record (issue 42): its state, and the biologist's 'hidden from the patient'. */
export function dmpRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'getRecordDmp', ({ auth, query }) => recordDmp(db, auth, query.record_id));
  handle(app, 'updateRecordDmp', ({ auth, body }) => updateRecordDmp(db, auth, body));
}
