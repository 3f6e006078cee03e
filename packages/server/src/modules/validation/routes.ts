import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import type { DeliveryJobs } from '../delivery/index.js';
import type { UploadService } from '../uploads/index.js';
import { createValidationService } from './service.js';

/** Biological validation (issue 13): HTTP only, the rules are in the service. */
export function validationRoutes(
  app: FastifyInstance,
  db: Db,
  uploads: UploadService,
  jobs: DeliveryJobs,
): void {
  const service = createValidationService(db, uploads, jobs);
  handle(app, 'previewRecord', ({ auth, query }) => service.preview(auth, query.record_id));
  handle(app, 'getRecordsToValidate', ({ auth }) => service.queue(auth));
  handle(app, 'validateRecord', ({ auth, body }) => service.validate(auth, body));
  handle(app, 'invalidateRecord', ({ auth, body }) => service.invalidate(auth, body));
}
