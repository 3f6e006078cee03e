import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { preparedPerDatabase } from '../../../db/prepared.js';
import { patients, records, samples } from '../../../db/schema/index.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { UUID } from '../../../lib/list/query.js';
import { sessionStampValues, sessionUnchanged } from '../../../lib/session-stamps.js';
import { outOfReach, type RecordReach, type RecordRow, recordReach } from '../scope.js';

type PatientRow = typeof patients.$inferSelect;
type SampleRow = typeof samples.$inferSelect;

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The names the record screen shows beside the ids the record points at (its prescriber, collector,
 * clinic, analyses, and its samples' types and matrices), by id, as `namesOf` names them: only rows
 * of the record's laboratory. An analysis id kept in the record's JSON that is not a UUID names
 * nothing instead of failing the cast. Written with aliases: drizzle leaves the columns of a
 * one-table select unqualified, and an inner table's own laboratory_id would capture the outer one.
 * JSON rather than jsonb, samples joined rather than listed, analysis ids looked up rather than
 * hashed: on every get-record, building jsonb values and hash tables cost the database more than
 * the look-ups themselves (docs/decisions/0014-what-every-call-pays.md).
 */
const namesOfRecord = sql<Record<string, string> | null>`(SELECT json_object_agg(named.id, named.name) FROM (
    SELECT pr.prescriber_id::text AS id, concat_ws(' ', pr.prescriber_surname, pr.prescriber_name) AS name
      FROM prescribers pr
     WHERE pr.prescriber_id = records.record_prescriber AND pr.laboratory_id = records.laboratory_id
    UNION ALL
    SELECT co.collector_id::text, concat_ws(' ', co.collector_surname, co.collector_name)
      FROM collectors co
     WHERE co.collector_id = records.record_collector AND co.laboratory_id = records.laboratory_id
    UNION ALL
    SELECT cl.clinic_id::text, cl.clinic_name
      FROM clinics cl
     WHERE cl.clinic_id = records.record_owner AND cl.laboratory_id = records.laboratory_id
    UNION ALL
    SELECT st.sample_type_id::text, st.sample_type_name
      FROM samples s JOIN sample_types st ON st.sample_type_id = s.sample_type
     WHERE s.sample_record = records.record_id AND st.laboratory_id = records.laboratory_id
    UNION ALL
    SELECT ma.matrix_id::text, ma.matrix_name
      FROM samples s JOIN matrices ma ON ma.matrix_id = s.sample_matrix
     WHERE s.sample_record = records.record_id AND ma.laboratory_id = records.laboratory_id
    UNION ALL
    SELECT an.analysis_id::text, an.analysis_name
      FROM analyses an
     WHERE an.laboratory_id = records.laboratory_id
       AND an.analysis_id = ANY (ARRAY(
             SELECT CASE WHEN chosen_id ~* ${sql.raw(`'${UUID.source}'`)} THEN chosen_id::uuid END
               FROM jsonb_array_elements(records.record_selected_analyses) AS chosen(selection),
                    jsonb_array_elements_text(chosen.selection->'analysis_ids') AS chosen_id))
  ) AS named)`;

/**
 * The record, its patient, its samples (in label order) and the names of what it points at in one
 * statement: each as JSON, so one round trip answers get-record. JSON gives the same values as the
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
      samples: sql<SampleRow[]>`(SELECT coalesce(json_agg(s ORDER BY s.sample_number), '[]'::json)
                                  FROM ${samples} s WHERE s.sample_record = ${records.record_id})`,
      names: namesOfRecord,
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

/**
 * One record the caller may see with its patient, samples and names, or `recordNotFound`; and
 * whether the caller's session is as remembered (`sessionUnchanged`).
 */
export async function visibleRecordDetail(db: Db, auth: Authenticated, recordId: string) {
  const reach = recordReach(auth);
  const [row] = await recordDetailQueries[reach.by](db).execute({
    ...reach,
    ...sessionStampValues(auth),
    recordId,
    laboratoryId: auth.user.laboratory_id,
  });
  if (!row) return outOfReach(db, auth, recordId);
  return { ...row, names: new Map(Object.entries(row.names ?? {})) };
}
