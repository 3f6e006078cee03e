import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { recordInvalidations, recordReports } from '../../db/schema/reports.js';
import { users } from '../../db/schema/users.js';

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
      report_replaces: recordReports.report_replaces,
      report_replacement_reason: recordReports.report_replacement_reason,
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

/** The newest version's id and validation time, without its bytes. */
async function newestVersion(q: Queryable, recordId: string) {
  const [row] = await q
    .select({ report_id: recordReports.report_id, report_validated_at: recordReports.report_validated_at })
    .from(recordReports)
    .where(eq(recordReports.report_record, recordId))
    .orderBy(desc(recordReports.report_version))
    .limit(1);
  return row;
}

/**
 * An invalidation and its reason, against the version it takes back: the newest stored (none when
 * the record has no report yet).
 */
export async function insertInvalidation(
  q: Queryable,
  values: { laboratory_id: string; record_id: string; sample_ids: string[]; reason: string; by: string },
): Promise<void> {
  const taken = await newestVersion(q, values.record_id);
  await q.insert(recordInvalidations).values({
    laboratory_id: values.laboratory_id,
    invalidation_record: values.record_id,
    invalidation_report: taken?.report_id ?? null,
    invalidation_samples: values.sample_ids,
    invalidation_reason: values.reason,
    invalidation_by: values.by,
  });
}

/**
 * What the next version of a record amends: the newest stored version when invalidations took it
 * back since it was stored, with their reasons in the order given; undefined otherwise (a first
 * version, or the final version following a partial one).
 */
export async function pendingAmendment(q: Queryable, recordId: string) {
  const replaced = await newestVersion(q, recordId);
  if (!replaced) return undefined;
  const reasons = await q
    .select({ reason: recordInvalidations.invalidation_reason })
    .from(recordInvalidations)
    .where(
      and(
        eq(recordInvalidations.invalidation_record, recordId),
        eq(recordInvalidations.invalidation_report, replaced.report_id),
      ),
    )
    .orderBy(asc(recordInvalidations.invalidation_at), asc(recordInvalidations.invalidation_id));
  if (reasons.length === 0) return undefined;
  return { ...replaced, reasons: [...new Set(reasons.map((row) => row.reason))] };
}
