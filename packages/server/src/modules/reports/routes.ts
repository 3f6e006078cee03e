import type { DocumentAnswer } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import type { UploadService } from '../uploads/index.js';
import {
  barcodeLabels,
  externalLabel,
  fileNameFor,
  labelData,
  passwordLabel,
  prescriptionSheet,
  requestForm,
} from './documents.js';
import { loadRecordContext } from './record-context.js';
import { createReportService } from './report-service.js';

const asDocument = (filename: string, pdf: Buffer): DocumentAnswer => ({
  filename,
  pdf_base64: pdf.toString('base64'),
});

/** The report service of spec.md §7: each call answers a base64 PDF the browser downloads, or skip. */
export function reportRoutes(app: FastifyInstance, db: Db, uploads: UploadService): void {
  handle(app, 'getExternalRequestForm', async ({ auth, query }) => {
    const ctx = await loadRecordContext(db, auth, query.record_id);
    if (ctx.analyses.length === 0) return { skip: true };
    return asDocument(fileNameFor(ctx, 'requestForm'), await requestForm(ctx));
  });

  handle(app, 'getPrescription', async ({ auth, query }) => {
    const ctx = await loadRecordContext(db, auth, query.record_id);
    const scan = await uploads.latestPrescription(ctx.record.record_id);
    if (!scan) return { skip: true };
    const type = scan.row.upload_content_type;
    const isImage = (t: string): t is 'image/png' | 'image/jpeg' => t === 'image/png' || t === 'image/jpeg';
    // A PDF scan is the prescription itself; an image goes on the sheet that names the record.
    if (type === 'application/pdf') return asDocument(fileNameFor(ctx, 'prescription'), scan.bytes);
    const image = isImage(type) ? { type, bytes: scan.bytes } : undefined;
    return asDocument(fileNameFor(ctx, 'prescription'), await prescriptionSheet(ctx, image));
  });

  handle(app, 'getBarcodeLabels', async ({ auth, query }) => {
    const ctx = await loadRecordContext(db, auth, query.record_id);
    if (ctx.samples.length === 0) return { skip: true };
    return asDocument(`${ctx.record.record_number} - ETIQUETTES.pdf`, await barcodeLabels(ctx));
  });

  handle(app, 'getExternalLabel', async ({ auth, query }) => {
    const ctx = await loadRecordContext(db, auth, query.record_id);
    return asDocument(`${ctx.record.record_number} - ETIQUETTE EXTERNE.pdf`, await externalLabel(ctx));
  });

  handle(app, 'getPasswordLabel', async ({ auth, query }) => {
    const ctx = await loadRecordContext(db, auth, query.record_id);
    return asDocument(`${ctx.record.record_number} - MOT DE PASSE.pdf`, await passwordLabel(ctx));
  });

  const reports = createReportService(db, uploads);
  handle(app, 'previewReport', ({ auth, query }) => reports.preview(auth, query.record_id, query.lang));
  handle(app, 'getReportVersions', ({ auth, query }) => reports.versions(auth, query.record_id));
  handle(app, 'downloadReport', ({ auth, query }) => reports.download(auth, query.report_id));

  handle(app, 'getLabelData', async ({ auth, query }) =>
    labelData(await loadRecordContext(db, auth, query.record_id)),
  );
}
