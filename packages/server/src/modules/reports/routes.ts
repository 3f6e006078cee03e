import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import type { UploadDeps } from '../uploads/index.js';
import { previewReport } from './preview-report.js';
import {
  externalRecordLabel,
  externalRequestForm,
  labelDataOf,
  prescription,
  recordPasswordLabel,
  sampleLabels,
} from './record-documents.js';
import { downloadReport, reportVersions } from './report-versions.js';
import { validatedResults } from './validated-results.js';

/** The report service of spec.md §7: HTTP only, the documents are in record-documents.ts and the report's files. */
export function reportRoutes(app: FastifyInstance, deps: UploadDeps): void {
  const { db } = deps;
  handle(app, 'getExternalRequestForm', ({ auth, query }) => externalRequestForm(db, auth, query.record_id));
  handle(app, 'getPrescription', ({ auth, query }) => prescription(deps, auth, query.record_id));
  handle(app, 'getBarcodeLabels', ({ auth, query }) => sampleLabels(db, auth, query.record_id));
  handle(app, 'getExternalLabel', ({ auth, query }) => externalRecordLabel(db, auth, query.record_id));
  handle(app, 'getPasswordLabel', ({ auth, query }) => recordPasswordLabel(db, auth, query.record_id));
  handle(app, 'previewReport', ({ auth, query }) => previewReport(deps, auth, query.record_id, query.lang));
  handle(app, 'getReportVersions', ({ auth, query }) => reportVersions(db, auth, query.record_id));
  handle(app, 'getValidatedResults', ({ auth, query }) => validatedResults(db, auth, query.record_id));
  handle(app, 'downloadReport', ({ auth, query }) => downloadReport(db, auth, query.report_id));
  handle(app, 'getLabelData', ({ auth, query }) => labelDataOf(db, auth, query.record_id));
}
