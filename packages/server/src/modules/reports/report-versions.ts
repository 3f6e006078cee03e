import type { ReportVersionRow } from '@sil/contract';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { visibleRecord } from '../records/index.js';
import { reportFileName } from './report-name.js';
import { reportVersionsOf, storedReport } from './report-store.js';

/** Every stored version of a record's report, newest first, without the bytes. */
export async function reportVersions(
  db: Db,
  auth: Authenticated,
  recordId: string,
): Promise<ReportVersionRow[]> {
  const record = await visibleRecord(db, auth, recordId);
  const rows = await reportVersionsOf(db, record.record_id);
  return rows.map((row) => ({ ...row, report_validated_at: toIso(row.report_validated_at) }));
}

/** One stored version, byte for byte as it was validated. */
export async function downloadReport(db: Db, auth: Authenticated, reportId: string) {
  const row = (await storedReport(db, auth.user.laboratory_id, reportId)) ?? fail('reportNotFound');
  const record = await visibleRecord(db, auth, row.report_record);
  return {
    filename: reportFileName(record.record_number, row.report_version, row.report_kind),
    contentType: 'application/pdf',
    bytes: row.report_pdf,
  };
}
