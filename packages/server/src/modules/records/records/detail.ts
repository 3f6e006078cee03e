import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { preparedPerDatabase } from '../../../db/prepared.js';
import { patients, records, samples } from '../../../db/schema/records.js';
import { referenceNameVersions } from '../../../db/schema/reference.js';
import { users } from '../../../db/schema/users.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { sessionStampValues, sessionUnchanged } from '../../../lib/session-stamps.js';
import { outOfReach, type RecordReach, type RecordRow, recordReach } from '../scope.js';

type PatientRow = typeof patients.$inferSelect;
/** Who took each progress step of a sample, by name (issue 40): read for staff only. */
const STEP_AUTHORS = ['prepared', 'injected', 'removed', 'validated'] as const;
type StepAuthorNames = Partial<Record<`sample_${(typeof STEP_AUTHORS)[number]}_by_name`, string | null>>;
type SampleRow = typeof samples.$inferSelect & StepAuthorNames;

const placeholder = (name: string) => sql.placeholder(name);

/**
 * A sample as JSON; for staff with the names of who prepared, injected, removed and validated it
 * (spec.md §3 'Sample progress'), a primary-key read each. The portals read no user of the laboratory.
 */
function sampleJson(by: RecordReach['by']): SQL {
  if (by !== 'laboratory') return sql`to_jsonb(s)`;
  const authors = STEP_AUTHORS.map(
    (step) =>
      sql`${sql.raw(`'sample_${step}_by_name'`)}, (SELECT u.user_name FROM ${users} u WHERE u.admin_uid = ${sql.raw(`s.sample_${step}_by`)})`,
  );
  return sql`to_jsonb(s) || jsonb_build_object(${sql.join(authors, sql`, `)})`;
}

/**
 * The record, its patient, its samples (in label order) and its laboratory's names version (the
 * names of what it points at are remembered by each server while it stands: reference-names.ts) in
 * one statement: each as JSON, so one round trip answers get-record. JSON gives the same values as the
 * columns (stamps with their offset, which `toIso` reads alike), and the query is prepared once per
 * reach.
 */
function prepareRecordDetail(db: Db, by: RecordReach['by']) {
  const reachCondition: Record<RecordReach['by'], SQL | undefined> = {
    laboratory: undefined,
    owner: eq(records.record_owner, placeholder('clinicId')),
    prescriber: eq(records.record_prescriber, placeholder('prescriberId')),
  };
  return db
    .select({
      record: sql<RecordRow>`to_json(${records})`,
      patient: sql<PatientRow | null>`(SELECT to_json(p) FROM ${patients} p
                                        WHERE p.patient_id = ${records.record_patient})`,
      samples: sql<
        SampleRow[]
      >`(SELECT coalesce(json_agg(${sampleJson(by)} ORDER BY s.sample_number), '[]'::json)
                                  FROM ${samples} s WHERE s.sample_record = ${records.record_id})`,
      // Written qualified: drizzle leaves a one-table select's columns unqualified, and the inner
      // table's own laboratory_id would capture the outer one.
      namesVersion: sql<string>`coalesce((SELECT v.names_version FROM ${referenceNameVersions} v
                                          WHERE v.laboratory_id = records.laboratory_id), 0)::text`,
      // The caller's session, in the same snapshot: the call's session check then reads nothing.
      sessionUnchanged,
    })
    .from(records)
    .where(
      and(
        eq(records.record_id, placeholder('recordId')),
        eq(records.laboratory_id, placeholder('laboratoryId')),
        reachCondition[by],
      ),
    )
    .prepare(`record_detail_${by}`);
}

const recordDetailQueries = {
  laboratory: preparedPerDatabase((db) => prepareRecordDetail(db, 'laboratory')),
  owner: preparedPerDatabase((db) => prepareRecordDetail(db, 'owner')),
  prescriber: preparedPerDatabase((db) => prepareRecordDetail(db, 'prescriber')),
} satisfies Record<RecordReach['by'], unknown>;

/** A record as `visibleRecordDetail` reads it, its samples in label order. */
export interface RecordDetailRow {
  record: RecordRow;
  patient: PatientRow | null;
  samples: SampleRow[];
  namesVersion: string;
  sessionUnchanged: boolean | null;
}

/**
 * One record the caller may see with its patient, samples and names version, or `recordNotFound`;
 * and whether the caller's session is as remembered (`sessionUnchanged`).
 */
export async function visibleRecordDetail(
  db: Db,
  auth: Authenticated,
  recordId: string,
): Promise<RecordDetailRow> {
  const reach = recordReach(auth);
  const [row] = await recordDetailQueries[reach.by](db).execute({
    ...reach,
    ...sessionStampValues(auth),
    recordId,
    laboratoryId: auth.user.laboratory_id,
  });
  return row ?? outOfReach(db, auth, recordId);
}
