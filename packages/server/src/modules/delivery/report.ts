import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import { records } from '../records/tables.js';
import { latestReportFile } from '../reports/index.js';

export interface DeliveredReport {
  filename: string;
  pdf: Buffer;
}

/** What delivery sends for a record; tests may put another in (`overrides.report`). */
export type ReportProvider = (q: Queryable, recordId: string) => Promise<DeliveredReport>;

/** The record's newest stored report version, stored at validation (modules/reports). */
export const storedReport: ReportProvider = async (q, recordId) => {
  const [record] = await q
    .select({ record_number: records.record_number })
    .from(records)
    .where(eq(records.record_id, recordId));
  if (!record) return fail('recordNotFound');
  return (await latestReportFile(q, recordId, record.record_number)) ?? fail('reportNotFound');
};
