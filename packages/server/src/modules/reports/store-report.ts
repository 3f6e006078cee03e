import { createHash } from 'node:crypto';
import { RECORD_STATUS } from '@sil/contract';
import { REPLACEMENT_REASON_MAX, renderReport } from '@sil/documents';
import type { FileStorage } from '../../adapters/storage.js';
import type { Tx } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { toIso } from '../../lib/time.js';
import { visibleRecord } from '../records/index.js';
import { reportAttachments } from '../uploads/index.js';
import { parisLocal } from './documents.js';
import { gatherReport } from './report-data.js';
import { insertReport, nextReportVersion, pendingAmendment } from './report-store.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The reasons as printed: whole, unless many long ones would overflow the mention (kept whole in the row). */
const printedReason = (reason: string) =>
  reason.length <= REPLACEMENT_REASON_MAX ? reason : `${reason.slice(0, REPLACEMENT_REASON_MAX - 1)}…`;

/**
 * Called by validation with the record locked, inside its transaction (so a validated record
 * always has the report it was validated with): a new version, partial while some samples of
 * the record still await validation, signed by the validating biologist. After an invalidation
 * it is an amendment (decision 0023): it cancels and replaces the version taken back, says so
 * with that version's validation time and the reasons, and the trail links the two.
 */
export async function storeReportAtValidation(
  storage: FileStorage,
  tx: Tx,
  auth: Authenticated,
  recordId: string,
) {
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
    attachments: await reportAttachments(storage, tx, record.record_id),
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
}
