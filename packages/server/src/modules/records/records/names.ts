import { and, eq, inArray, type SQL, type Subquery, sql } from 'drizzle-orm';
import { type AnyPgColumn, type PgTable, unionAll } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/open.js';
import { analyses } from '../../../db/schema/catalogue.js';
import { clinics, prescribers } from '../../../db/schema/clinics.js';
import { patients, records, samples } from '../../../db/schema/records.js';
import { collectors, families, machines, matrices, sampleTypes } from '../../../db/schema/reference.js';
import { users } from '../../../db/schema/users.js';
import { recordAnes, recordNcas } from '../../nonconformities/tables.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every identifier written in a text (a trace value may be a whole row or a list kept as JSON). */
export function idsIn(text: string | null | undefined): string[] {
  return text ? [...text.matchAll(UUID)].map((match) => match[0].toLowerCase()) : [];
}

/** A table, its id and laboratory columns, and the name it shows of a row. */
type NamedTable = [PgTable | Subquery, AnyPgColumn, AnyPgColumn, SQL<string>];

/** The rows among `wanted` of one table of the laboratory, each with its name. */
const namedRowsOf = (
  q: Queryable,
  laboratoryId: string,
  wanted: string[],
  [table, id, tenant, name]: NamedTable,
) =>
  q
    .select({ id: sql<string>`${id}::text`, name })
    .from(table)
    .where(and(eq(tenant, laboratoryId), inArray(id, wanted)));

const person = (surname: AnyPgColumn, first: AnyPgColumn) =>
  sql<string>`concat_ws(' ', ${surname}, ${first})`;
const text = (column: AnyPgColumn) => sql<string>`${column}`;

/**
 * The tables whose names the record screen shows beside a record (get-record): a rename or a deletion
 * of one of their rows moves the laboratory's names version (migration 0046).
 */
const REFERENCE_TABLES: NamedTable[] = [
  [
    prescribers,
    prescribers.prescriber_id,
    prescribers.laboratory_id,
    person(prescribers.prescriber_surname, prescribers.prescriber_name),
  ],
  [
    collectors,
    collectors.collector_id,
    collectors.laboratory_id,
    person(collectors.collector_surname, collectors.collector_name),
  ],
  [clinics, clinics.clinic_id, clinics.laboratory_id, text(clinics.clinic_name)],
  [analyses, analyses.analysis_id, analyses.laboratory_id, text(analyses.analysis_name)],
  [sampleTypes, sampleTypes.sample_type_id, sampleTypes.laboratory_id, text(sampleTypes.sample_type_name)],
  [matrices, matrices.matrix_id, matrices.laboratory_id, text(matrices.matrix_name)],
];

/** Every other table whose rows a trace names. */
const TRACED_TABLES: NamedTable[] = [
  [machines, machines.machine_id, machines.laboratory_id, text(machines.machine_name)],
  [families, families.family_id, families.laboratory_id, text(families.family_name)],
  [users, users.admin_uid, users.laboratory_id, text(users.user_name)],
  [
    patients,
    patients.patient_id,
    patients.laboratory_id,
    person(patients.patient_surname, patients.patient_name),
  ],
  [records, records.record_id, records.laboratory_id, text(records.record_number)],
  [samples, samples.sample_id, samples.laboratory_id, text(samples.sample_number)],
  // A non-conformity by its code, as the trace names it ('NCA nca7').
  [recordAnes, recordAnes.ane_id, recordAnes.laboratory_id, text(recordAnes.ane_code)],
  [recordNcas, recordNcas.nca_id, recordNcas.laboratory_id, text(recordNcas.nca_code)],
];

async function namesIn(
  q: Queryable,
  laboratoryId: string,
  ids: Iterable<string>,
  tables: NamedTable[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const [first, second, ...rest] = tables.map((table) => namedRowsOf(q, laboratoryId, wanted, table));
  if (!first || !second) throw new Error('names are looked up in two tables or more');
  const rows = await unionAll(first, second, ...rest);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The name of every row of the laboratory among `ids`, whatever its table, in one query: people by
 * surname then first name, records and samples by number, the rest by their name. An id of another
 * laboratory, or of a row deleted since, has no name.
 */
export const namesOf = (q: Queryable, laboratoryId: string, ids: Iterable<string>) =>
  namesIn(q, laboratoryId, ids, [...REFERENCE_TABLES, ...TRACED_TABLES]);

/**
 * The names of the rows among `ids` of the tables the record screen names (REFERENCE_TABLES), as
 * `namesOf` names them. Every id must be a UUID.
 */
export const referenceNamesOf = (q: Queryable, laboratoryId: string, ids: Iterable<string>) =>
  namesIn(q, laboratoryId, ids, REFERENCE_TABLES);
