import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { recordReports, users } from '../../db/schema/index.js';

/** The listing of a record's versions: every column but the bytes. */
export function reportVersionsOf(q: Queryable, recordId: string) {
  return q
    .select({
      report_id: recordReports.report_id,
      report_record: recordReports.report_record,
      report_version: recordReports.report_version,
      report_kind: recordReports.report_kind,
      report_validated_by: recordReports.report_validated_by,
      report_validated_by_name: users.user_name,
      report_validated_at: recordReports.report_validated_at,
      report_sha256: recordReports.report_sha256,
      report_size: recordReports.report_size,
    })
    .from(recordReports)
    .innerJoin(users, eq(users.admin_uid, recordReports.report_validated_by))
    .where(eq(recordReports.report_record, recordId))
    .orderBy(desc(recordReports.report_version));
}

export async function storedReport(q: Queryable, laboratoryId: string, reportId: string) {
  const [row] = await q
    .select()
    .from(recordReports)
    .where(and(eq(recordReports.laboratory_id, laboratoryId), eq(recordReports.report_id, reportId)));
  return row;
}

/** The newest version stored for a record, with its bytes: what delivery sends. */
export async function latestReport(q: Queryable, recordId: string) {
  const [row] = await q
    .select()
    .from(recordReports)
    .where(eq(recordReports.report_record, recordId))
    .orderBy(desc(recordReports.report_version))
    .limit(1);
  return row;
}

/** The next version number; the record row is locked by validation, so two cannot take the same. */
export async function nextReportVersion(q: Queryable, recordId: string): Promise<number> {
  const [row] = await q
    .select({ last: sql<number | null>`max(${recordReports.report_version})` })
    .from(recordReports)
    .where(eq(recordReports.report_record, recordId));
  return Number(row?.last ?? 0) + 1;
}

export async function insertReport(q: Queryable, values: typeof recordReports.$inferInsert) {
  const [row] = await q.insert(recordReports).values(values).returning({
    report_id: recordReports.report_id,
    report_validated_at: recordReports.report_validated_at,
  });
  return row;
}
