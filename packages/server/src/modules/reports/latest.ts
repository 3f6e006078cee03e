import type { Queryable } from '../../db/open.js';
import { reportFileName } from './report-name.js';
import { latestReport } from './report-store.js';

/**
 * The newest stored version of a record's report, as a file: what leaves the laboratory by e-mail,
 * fax or online is the very document the biologist validated, byte for byte.
 */
export async function latestReportFile(q: Queryable, recordId: string, recordNumber: string) {
  const row = await latestReport(q, recordId);
  if (!row) return undefined;
  return {
    filename: reportFileName(recordNumber, row.report_version, row.report_kind),
    pdf: Buffer.from(row.report_pdf),
  };
}
