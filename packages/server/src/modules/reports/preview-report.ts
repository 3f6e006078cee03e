import { RECORD_STATUS } from '@sil/contract';
import { renderReport } from '@sil/documents';
import type { Authenticated } from '../../lib/auth-context.js';
import { visibleRecord } from '../records/index.js';
import { reportAttachments, type UploadDeps } from '../uploads/index.js';
import { gatherReport } from './report-data.js';
import { reportFileName } from './report-name.js';

const WATERMARKS = { fr: 'PRÉVISUALISATION', en: 'PREVIEW' } as const;

/** The result report as it would read now, every result included, marked as a preview. */
export async function previewReport(
  { db, storage }: UploadDeps,
  auth: Authenticated,
  recordId: string,
  lang: 'fr' | 'en',
) {
  const data = await gatherReport(db, auth, recordId, { validatedOnly: false });
  const record = await visibleRecord(db, auth, recordId);
  const kind = record.record_status >= RECORD_STATUS.pendingSubmission ? 'final' : 'partial';
  const pdf = await renderReport({
    ...data,
    kind,
    watermark: WATERMARKS[lang],
    attachments: await reportAttachments(storage, db, record.record_id),
  });
  return { filename: reportFileName(data.recordId, null, kind), pdf_base64: pdf.toString('base64') };
}
