import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { patients } from '../../../db/schema/records.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { presentPatient } from '../present.js';

/** Identity traits two records of the same person share: birth name (else surname), first name, birth date, sex. */
const traitKey = sql<string>`lower(coalesce(nullif(${patients.patient_birth_name}, ''), ${patients.patient_surname})) || '|' || lower(${patients.patient_name}) || '|' || ${patients.patient_dob} || '|' || ${patients.patient_gender}`;

/** Patients of the laboratory who share their identity traits, grouped, oldest first, with their record counts. */
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
  return keys.map(({ key }) => ({
    key,
    patients: members
      .filter((member) => member.key === key)
      .map((member) =>
        Object.assign(presentPatient(member.patient), {
          patient_id: member.patient.patient_id,
          record_count: Number(member.record_count),
        }),
      ),
  }));
}
