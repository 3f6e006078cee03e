import type { DocumentAnswer } from '@sil/contract';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { latestPrescription, type UploadDeps } from '../uploads/index.js';
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

/** What the browser downloads: a PDF in base64, or `skip` when the record has nothing to print. */
type Printed = DocumentAnswer | { skip: true };

const asDocument = (filename: string, pdf: Buffer): DocumentAnswer => ({
  filename,
  pdf_base64: pdf.toString('base64'),
});

const isImage = (type: string): type is 'image/png' | 'image/jpeg' =>
  type === 'image/png' || type === 'image/jpeg';

/** The request form of an external record: its analyses, for the laboratory that collects. */
export async function externalRequestForm(db: Db, auth: Authenticated, recordId: string): Promise<Printed> {
  const ctx = await loadRecordContext(db, auth, recordId);
  if (ctx.analyses.length === 0) return { skip: true };
  return asDocument(fileNameFor(ctx, 'requestForm'), await requestForm(ctx));
}

/**
 * The newest prescription scan: a PDF scan is the prescription itself; an image goes on the sheet
 * that names the record.
 */
export async function prescription(
  deps: UploadDeps,
  auth: Authenticated,
  recordId: string,
): Promise<Printed> {
  const ctx = await loadRecordContext(deps.db, auth, recordId);
  const scan = await latestPrescription(deps, ctx.record.record_id);
  if (!scan) return { skip: true };
  const type = scan.row.upload_content_type;
  if (type === 'application/pdf') return asDocument(fileNameFor(ctx, 'prescription'), scan.bytes);
  const image = isImage(type) ? { type, bytes: scan.bytes } : undefined;
  return asDocument(fileNameFor(ctx, 'prescription'), await prescriptionSheet(ctx, image));
}

/** One label per sample. */
export async function sampleLabels(db: Db, auth: Authenticated, recordId: string): Promise<Printed> {
  const ctx = await loadRecordContext(db, auth, recordId);
  if (ctx.samples.length === 0) return { skip: true };
  return asDocument(`${ctx.record.record_number} - ETIQUETTES.pdf`, await barcodeLabels(ctx));
}

export async function externalRecordLabel(db: Db, auth: Authenticated, recordId: string): Promise<Printed> {
  const ctx = await loadRecordContext(db, auth, recordId);
  return asDocument(`${ctx.record.record_number} - ETIQUETTE EXTERNE.pdf`, await externalLabel(ctx));
}

/** The label that gives the patient the record's password for the online results. */
export async function recordPasswordLabel(db: Db, auth: Authenticated, recordId: string): Promise<Printed> {
  const ctx = await loadRecordContext(db, auth, recordId);
  return asDocument(`${ctx.record.record_number} - MOT DE PASSE.pdf`, await passwordLabel(ctx));
}

/** What the workstation agent prints on its own label printer. */
export const labelDataOf = async (db: Db, auth: Authenticated, recordId: string) =>
  labelData(await loadRecordContext(db, auth, recordId));
