import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import { setRecordInterpretation } from './interpretation.js';
import { invalidateRecord } from './invalidate.js';
import { recordPreview, validationQueue } from './reads.js';
import { type ValidationDeps, validateRecord } from './validate.js';

/** Biological validation (issue 13): HTTP only, the rules are in one command per file. */
export function validationRoutes(app: FastifyInstance, deps: ValidationDeps): void {
  const { db } = deps;
  handle(app, 'previewRecord', ({ auth, query }) => recordPreview(db, auth, query.record_id));
  handle(app, 'getRecordsToValidate', ({ auth }) => validationQueue(db, auth));
  handle(app, 'validateRecord', ({ auth, body }) => validateRecord(deps, auth, body));
  handle(app, 'setRecordInterpretation', ({ auth, body }) => setRecordInterpretation(db, auth, body));
  handle(app, 'invalidateRecord', ({ auth, body }) => invalidateRecord(db, auth, body));
}
