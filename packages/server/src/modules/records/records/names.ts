import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type PgTable, unionAll } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/open.js';
import {
  analyses,
  clinics,
  collectors,
  families,
  machines,
  matrices,
  patients,
  prescribers,
  recordAnes,
  recordNcas,
  records,
  samples,
  sampleTypes,
  users,
} from '../../../db/schema/index.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every identifier written in a text (a trace value may be a whole row or a list kept as JSON). */
export function idsIn(text: string | null | undefined): string[] {
  return text ? [...text.matchAll(UUID)].map((match) => match[0].toLowerCase()) : [];
}

/**
 * The name of every row of the laboratory among `ids`, whatever its table, in one query: people by
 * surname then first name, records and samples by number, the rest by their name. An id of another
 * laboratory, or of a row deleted since, has no name.
 */
export async function namesOf(
  q: Queryable,
  laboratoryId: string,
  ids: Iterable<string>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const named = (table: PgTable, id: AnyPgColumn, tenant: AnyPgColumn, name: SQL<string>) =>
    q
      .select({ id: sql<string>`${id}::text`, name })
      .from(table)
      .where(and(eq(tenant, laboratoryId), inArray(id, wanted)));
  const person = (surname: AnyPgColumn, first: AnyPgColumn) =>
    sql<string>`concat_ws(' ', ${surname}, ${first})`;
  const text = (column: AnyPgColumn) => sql<string>`${column}`;
  const rows = await unionAll(
    named(
      prescribers,
      prescribers.prescriber_id,
      prescribers.laboratory_id,
      person(prescribers.prescriber_surname, prescribers.prescriber_name),
    ),
    named(
      collectors,
      collectors.collector_id,
      collectors.laboratory_id,
      person(collectors.collector_surname, collectors.collector_name),
    ),
    named(clinics, clinics.clinic_id, clinics.laboratory_id, text(clinics.clinic_name)),
    named(analyses, analyses.analysis_id, analyses.laboratory_id, text(analyses.analysis_name)),
    named(
      sampleTypes,
      sampleTypes.sample_type_id,
      sampleTypes.laboratory_id,
      text(sampleTypes.sample_type_name),
    ),
    named(matrices, matrices.matrix_id, matrices.laboratory_id, text(matrices.matrix_name)),
    named(machines, machines.machine_id, machines.laboratory_id, text(machines.machine_name)),
    named(families, families.family_id, families.laboratory_id, text(families.family_name)),
    named(users, users.admin_uid, users.laboratory_id, text(users.user_name)),
    named(
      patients,
      patients.patient_id,
      patients.laboratory_id,
      person(patients.patient_surname, patients.patient_name),
    ),
    named(records, records.record_id, records.laboratory_id, text(records.record_number)),
    named(samples, samples.sample_id, samples.laboratory_id, text(samples.sample_number)),
    // A non-conformity by its code, as the trace names it ('NCA nca7').
    named(recordAnes, recordAnes.ane_id, recordAnes.laboratory_id, text(recordAnes.ane_code)),
    named(recordNcas, recordNcas.nca_id, recordNcas.laboratory_id, text(recordNcas.nca_code)),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
