import { createHash } from 'node:crypto';
import { RECORD_STATUS, type ReportVersionRow } from '@sil/contract';
import { REPLACEMENT_REASON_MAX, REPORT_TITLES, renderReport, safeFileName } from '@sil/documents';
import type { Db, Tx } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { visibleRecord } from '../records/index.js';
import type { UploadService } from '../uploads/index.js';
import { parisLocal } from './documents.js';
import { gatherReport } from './report-data.js';
import {
  insertInvalidation,
  insertReport,
  nextReportVersion,
  pendingAmendment,
  reportVersionsOf,
  storedReport,
} from './report-store.js';

const WATERMARKS = { fr: 'PRÉVISUALISATION', en: 'PREVIEW' } as const;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The reasons as printed: whole, unless many long ones would overflow the mention (kept whole in the row). */
const printedReason = (reason: string) =>
  reason.length <= REPLACEMENT_REASON_MAX ? reason : `${reason.slice(0, REPLACEMENT_REASON_MAX - 1)}…`;

export function reportFileName(recordNumber: string, version: number | null, kind: 'partial' | 'final') {
  const suffix = version === null ? 'PREVISUALISATION' : `V${version}`;
  return `${safeFileName(`${recordNumber} - ${REPORT_TITLES[kind]} ${suffix}`)}.pdf`;
}

/**
 * The result report: previewed as it would read now, generated and stored inside the validation's
 * transaction (so a validated record always has the report it was validated with), listed and
 * downloaded byte for byte.
 */
export function createReportService(db: Db, uploads: UploadService) {
  const attachmentsOf = (q: Db | Tx, recordId: string) => uploads.reportAttachments(q, recordId);

  return {
    async preview(auth: Authenticated, recordId: string, lang: 'fr' | 'en') {
      const data = await gatherReport(db, auth, recordId, { validatedOnly: false });
      const record = await visibleRecord(db, auth, recordId);
      const kind = record.record_status >= RECORD_STATUS.pendingSubmission ? 'final' : 'partial';
      const pdf = await renderReport({
        ...data,
        kind,
        watermark: WATERMARKS[lang],
        attachments: await attachmentsOf(db, record.record_id),
      });
      return { filename: reportFileName(data.recordId, null, kind), pdf_base64: pdf.toString('base64') };
    },

    /**
     * Called by validation with the record locked: a new version, partial while some samples of
     * the record still await validation, signed by the validating biologist. After an invalidation
     * it is an amendment (decision 0023): it cancels and replaces the version taken back, says so
     * with that version's validation time and the reasons, and the trail links the two.
     */
    async storeAtValidation(tx: Tx, auth: Authenticated, recordId: string) {
      const record = await visibleRecord(tx, auth, recordId);
      const kind = record.record_status >= RECORD_STATUS.pendingSubmission ? 'final' : 'partial';
      const version = await nextReportVersion(tx, record.record_id);
      const amended = await pendingAmendment(tx, record.record_id);
      const replacementReason = amended?.reasons.join(' ; ');
      const data = await gatherReport(tx, auth, recordId, { validatedOnly: true });
      const validatedAt = new Date().toISOString();
      const replacedAt = amended && parisLocal(toIso(amended.report_validated_at));
      const pdf = await renderReport({
        ...data,
        kind,
        version,
        validatedBy: auth.user.user_name,
        validatedAt: parisLocal(validatedAt),
        replaces:
          replacedAt && replacementReason
            ? { validatedAt: replacedAt, reason: printedReason(replacementReason) }
            : undefined,
        attachments: await attachmentsOf(tx, record.record_id),
      });
      return insertReport(tx, {
        report_replaces: amended?.report_id ?? null,
        report_replacement_reason: replacementReason ?? null,
        laboratory_id: record.laboratory_id,
        report_record: record.record_id,
        report_version: version,
        report_kind: kind,
        report_validated_by: auth.user.admin_uid,
        report_validated_at: validatedAt,
        report_sha256: sha256(pdf),
        report_size: pdf.length,
        report_pdf: pdf,
      });
    },

    /**
     * Called by invalidation with the record locked: the reason, against the version it takes
     * back, for the next validation's report to print.
     */
    async recordInvalidation(
      tx: Tx,
      auth: Authenticated,
      record: { laboratory_id: string; record_id: string },
      sampleIds: string[],
      reason: string,
    ) {
      await insertInvalidation(tx, {
        laboratory_id: record.laboratory_id,
        record_id: record.record_id,
        sample_ids: sampleIds,
        reason,
        by: auth.user.admin_uid,
      });
    },

    async versions(auth: Authenticated, recordId: string): Promise<ReportVersionRow[]> {
      const record = await visibleRecord(db, auth, recordId);
      const rows = await reportVersionsOf(db, record.record_id);
      return rows.map((row) => ({ ...row, report_validated_at: toIso(row.report_validated_at) }));
    },

    async download(auth: Authenticated, reportId: string) {
      const row = (await storedReport(db, auth.user.laboratory_id, reportId)) ?? fail('reportNotFound');
      const record = await visibleRecord(db, auth, row.report_record);
      return {
        filename: reportFileName(record.record_number, row.report_version, row.report_kind),
        contentType: 'application/pdf',
        bytes: row.report_pdf,
      };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
