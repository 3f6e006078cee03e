import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { patients, records, samples } from '../../../db/schema/index.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { type RecordReach, type RecordRow, recordReach } from '../scope.js';

type PatientRow = typeof patients.$inferSelect;
type SampleRow = typeof samples.$inferSelect;

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The record, its patient and its samples (in label order) in one statement: each as a JSON row,
 * so one round trip answers get-record. JSON gives the same values as the columns (stamps with
 * their offset, which `toIso` reads alike), and the query is prepared once per reach.
 */
function prepareRecordDetail(db: Db, by: RecordReach['by']) {
  const reachCondition: Record<RecordReach['by'], SQL | undefined> = {
    laboratory: undefined,
    owner: eq(records.record_owner, placeholder('clinicId')),
    prescriber: eq(records.record_prescriber, placeholder('prescriberId')),
  };
  return db
    .select({
      record: sql<RecordRow>`to_jsonb(${records})`,
      patient: sql<PatientRow | null>`(SELECT to_jsonb(p) FROM ${patients} p
                                        WHERE p.patient_id = ${records.record_patient})`,
      samples: sql<SampleRow[]>`(SELECT coalesce(jsonb_agg(to_jsonb(s) ORDER BY s.sample_number), '[]'::jsonb)
                                  FROM ${samples} s WHERE s.sample_record = ${records.record_id})`,
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

const prepared = new WeakMap<Db, Map<RecordReach['by'], ReturnType<typeof prepareRecordDetail>>>();

/** One record the caller may see with its patient and samples, or `recordNotFound`. */
export async function visibleRecordDetail(db: Db, auth: Authenticated, recordId: string) {
  const reach = recordReach(auth);
  let queries = prepared.get(db);
  if (!queries) {
    queries = new Map();
    prepared.set(db, queries);
  }
  let query = queries.get(reach.by);
  if (!query) {
    query = prepareRecordDetail(db, reach.by);
    queries.set(reach.by, query);
  }
  const [row] = await query.execute({ ...reach, recordId, laboratoryId: auth.user.laboratory_id });
  return row ?? fail('recordNotFound');
}
