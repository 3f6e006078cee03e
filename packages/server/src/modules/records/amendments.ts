import { AMENDED_PATIENT_FIELDS, AMENDED_RECORD_FIELDS, RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { records, samples } from '../../db/schema/records.js';
import { fail } from '../../lib/errors.js';
import type { RecordRow } from './scope.js';

/**
 * Amendments after validation (issue 37, decision 0023): once a record is validated, the identity
 * its report printed, the clinic that owns it and the prescriber who receives it change only after
 * an invalidation with a reason, so that the next validation makes a version that says what it
 * replaces and every channel served gets it again. The database refuses the same (migration 0049,
 * SIL11); checking here first answers which fields and which records, and writes nothing.
 */

type Row = Record<string, unknown>;

/** Validated: awaiting submission or sent, or one of its samples validated (a partial report is out). */
const isValidated = sql<boolean>`(${records.record_status} >= ${RECORD_STATUS.pendingSubmission} OR EXISTS (
  SELECT 1 FROM ${samples}
  WHERE ${samples.sample_record} = ${records.record_id} AND ${samples.sample_status} >= ${SAMPLE_STATUS.validated}))`;

/** The patient's records that are validated and not cancelled: those an identity correction must amend. */
export function validatedRecordsOfPatient(q: Queryable, patientId: string) {
  return q
    .select({ record_id: records.record_id, record_number: records.record_number })
    .from(records)
    .where(and(eq(records.record_patient, patientId), not(records.record_annulr_flag), isValidated))
    .orderBy(asc(records.record_created));
}

async function isValidatedRecord(q: Queryable, recordId: string): Promise<boolean> {
  const [found] = await q
    .select({ id: records.record_id })
    .from(records)
    .where(and(eq(records.record_id, recordId), isValidated));
  return found !== undefined;
}

/**
 * The guarded fields `changes` would change. An identity value that was empty may be filled (it
 * contradicts no report already out); a set one may not change. The clinic and the prescriber may
 * not change at all: giving a validated record to a clinic gives it the report.
 */
function changedFields(current: Row, changes: Row, fields: readonly string[], fillEmpty: boolean): string[] {
  return fields.filter((field) => {
    if (!(field in changes)) return false;
    const before = current[field] ?? null;
    if (fillEmpty && before === null) return false;
    return (changes[field] ?? null) !== before;
  });
}

/**
 * Refuses a change of the patient's identity while one of their records is validated: each such
 * record is amended first (`amendmentRequired`, naming the fields and the records to invalidate).
 */
export async function assertIdentityAmendable(
  q: Queryable,
  current: Row & { patient_id: string },
  changes: Row,
): Promise<void> {
  const fields = changedFields(current, changes, AMENDED_PATIENT_FIELDS, true);
  if (fields.length === 0) return;
  const validated = await validatedRecordsOfPatient(q, current.patient_id);
  if (validated.length > 0) fail('amendmentRequired', { fields, records: validated });
}

/** Refuses a change of a validated record's clinic or prescriber (`amendmentRequired`). */
export async function assertRecordAmendable(q: Queryable, current: RecordRow, changes: Row): Promise<void> {
  if (current.record_annulr_flag) return;
  const fields = changedFields(current, changes, AMENDED_RECORD_FIELDS, false);
  if (fields.length === 0) return;
  if (await isValidatedRecord(q, current.record_id))
    fail('amendmentRequired', {
      fields,
      records: [{ record_id: current.record_id, record_number: current.record_number }],
    });
}
