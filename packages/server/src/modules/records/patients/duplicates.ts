import { and, arrayOverlaps, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { duplicateDismissals } from '../../../db/schema/duplicate-dismissals.js';
import { patients } from '../../../db/schema/records.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { presentPatient } from '../present.js';

/** Identity traits two records of the same person share: birth name (else surname), first name, birth date, sex. */
export const traitKey = sql<string>`lower(coalesce(nullif(${patients.patient_birth_name}, ''), ${patients.patient_surname})) || '|' || lower(${patients.patient_name}) || '|' || ${patients.patient_dob} || '|' || ${patients.patient_gender}`;

/**
 * A group's patients an earlier 'not duplicates' covers: the largest set of them one decision named
 * together (two at least). The group is no longer proposed when that is all of them.
 */
function declaredDistinct(ids: readonly string[], dismissals: ReadonlyArray<readonly string[]>): string[] {
  let best: string[] = [];
  for (const dismissed of dismissals) {
    const named = new Set(dismissed);
    const covered = ids.filter((id) => named.has(id));
    if (covered.length > best.length) best = covered;
  }
  return best.length >= 2 ? best : [];
}

/**
 * Patients of the laboratory who share their identity traits, grouped, oldest first, with their
 * record counts; a group all of whose patients were declared 'not duplicates' together is left out.
 */
export async function duplicatePatientGroups(db: Db, auth: Authenticated) {
  const laboratoryId = auth.user.laboratory_id;
  const keys = await db
    .select({ key: traitKey })
    .from(patients)
    .where(eq(patients.laboratory_id, laboratoryId))
    .groupBy(traitKey)
    .having(sql`count(*) > 1`);
  if (keys.length === 0) return [];
  const members = await db
    .select({
      patient: patients,
      key: traitKey,
      record_count: sql<number>`(SELECT count(*)::int FROM records r WHERE r.record_patient = ${patients.patient_id})`,
    })
    .from(patients)
    .where(
      and(
        eq(patients.laboratory_id, laboratoryId),
        inArray(
          traitKey,
          keys.map((k) => k.key),
        ),
      ),
    )
    .orderBy(patients.patient_created);
  const dismissals = (
    await db
      .select({ patients: duplicateDismissals.dismissal_patients })
      .from(duplicateDismissals)
      .where(
        and(
          eq(duplicateDismissals.laboratory_id, laboratoryId),
          arrayOverlaps(
            duplicateDismissals.dismissal_patients,
            members.map((member) => member.patient.patient_id),
          ),
        ),
      )
  ).map((row) => row.patients);
  return keys.flatMap(({ key }) => {
    const group = members.filter((member) => member.key === key);
    const declared = declaredDistinct(
      group.map((member) => member.patient.patient_id),
      dismissals,
    );
    if (declared.length === group.length) return [];
    return [
      {
        key,
        patients: group.map((member) =>
          Object.assign(presentPatient(member.patient), {
            patient_id: member.patient.patient_id,
            record_count: Number(member.record_count),
          }),
        ),
        declared_distinct: declared,
      },
    ];
  });
}
