import { and, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { records } from '../../db/schema/records.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { patientInLaboratory } from './patients/queries.js';

/** Which of its laboratory's records a caller sees: all of them, its clinic's, or those it prescribed. */
export type RecordReach =
  | { by: 'laboratory' }
  | { by: 'owner'; clinicId: string }
  | { by: 'prescriber'; prescriberId: string };

/**
 * Which records a caller may see: staff with the records right see their laboratory's, clinic
 * users those their clinic owns, prescribers those they prescribed (spec.md §6 'Server rules').
 */
export function recordReach(auth: Authenticated): RecordReach {
  const { rights } = auth;
  if (rights.user_type === 'external')
    return { by: 'owner', clinicId: rights.clinic_id ?? fail('clinicUserOverreached') };
  if (rights.user_type === 'prescriber')
    return { by: 'prescriber', prescriberId: rights.prescriber_id ?? fail('insufficientRights') };
  if (rights.admin_records === 0) fail('noAdminRights');
  return { by: 'laboratory' };
}

/**
 * The condition on records of `recordReach` within the laboratory: none for staff, who see all of
 * its records (a list then has no condition but the laboratory's, which its count can use).
 */
export function reachWithinLaboratory(auth: Authenticated): SQL | undefined {
  const reach = recordReach(auth);
  if (reach.by === 'owner') return eq(records.record_owner, reach.clinicId);
  if (reach.by === 'prescriber') return eq(records.record_prescriber, reach.prescriberId);
  return undefined;
}

/** The condition on records of `recordReach`, for queries built per call. */
export function recordScope(auth: Authenticated): SQL {
  const inLaboratory = eq(records.laboratory_id, auth.user.laboratory_id);
  return and(inLaboratory, reachWithinLaboratory(auth)) ?? inLaboratory;
}

export type RecordRow = typeof records.$inferSelect;

/** The record matching `condition` that this caller may see, if any. */
export async function findVisibleRecord(
  q: Queryable,
  auth: Authenticated,
  condition: SQL,
): Promise<RecordRow | undefined> {
  const [record] = await q
    .select()
    .from(records)
    .where(and(recordScope(auth), condition));
  return record;
}

/**
 * The record this caller may see. A clinic user aiming at a record of its laboratory that another
 * clinic owns gets `clinicUserOverreached` (spec.md §6 'Server rules'); anything else out of reach
 * is `recordNotFound`, never telling whether it exists in another laboratory.
 */
export async function visibleRecord(q: Queryable, auth: Authenticated, recordId: string): Promise<RecordRow> {
  return (await findVisibleRecord(q, auth, eq(records.record_id, recordId))) ?? outOfReach(q, auth, recordId);
}

/** The refusal of a record id the caller does not reach (see `visibleRecord`). */
export async function outOfReach(q: Queryable, auth: Authenticated, recordId: string): Promise<never> {
  if (auth.rights.user_type === 'external') {
    const [elsewhere] = await q
      .select({ id: records.record_id })
      .from(records)
      .where(and(eq(records.laboratory_id, auth.user.laboratory_id), eq(records.record_id, recordId)));
    if (elsewhere) fail('clinicUserOverreached');
  }
  return fail('recordNotFound');
}

/**
 * A patient this caller may attach files or records to: staff, any of their laboratory; a clinic
 * user, only a patient its clinic owns (`clinicUserOverreached` for another one of the laboratory).
 */
export async function reachablePatient(q: Queryable, auth: Authenticated, patientId: string) {
  const patient = await patientInLaboratory(q, auth.user.laboratory_id, patientId);
  const reach = recordReach(auth);
  if (reach.by === 'owner' && patient.patient_owner !== reach.clinicId) fail('clinicUserOverreached');
  if (reach.by === 'prescriber') fail('insufficientRights');
  return patient;
}
