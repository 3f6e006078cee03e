import { dobFromSearch, isCalendarDate, type PatientRow as PatientAnswer, patientList } from '@sil/contract';
import { type AnyColumn, and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/open.js';
import { patients } from '../../../db/schema/records.js';
import { fail } from '../../../lib/errors.js';
import {
  escapeLike,
  foldedContains,
  isNameAlone,
  isNumberTerm,
  like,
  startsWith,
} from '../../../lib/list/query.js';
import type { ListSource, Row } from '../../../lib/list/source.js';
import { presentPatient } from '../present.js';

export type PatientRow = typeof patients.$inferSelect;

/**
 * What a term typed in a patient search means, as the conditions any of which finds a patient: the
 * names, birth name, surname and first name in either order (every word typed in the names,
 * whatever the accents and case typed: the names folded once, when written,
 * `patient_search_names`), the beginning of the NIR or INS (a term that begins
 * with a digit), part of the external id; or a date of birth typed DD/MM/YYYY. Every branch has its
 * index, so the search never reads the whole table; a NIR or INS typed as six digits or more is
 * looked up by its beginning in a btree (migration 0024).
 */
function patientSearchBranches(term: string): SQL[] {
  const dob = dobFromSearch(term);
  if (dob && !isCalendarDate(dob)) fail('incorrectType', { issues: [{ path: 'search', message: 'date' }] });
  if (dob) return [eq(patients.patient_dob, dob)];
  const compact = term.replace(/[\s.]/g, '');
  const byBeginning = (column: AnyColumn) =>
    isNumberTerm(compact) ? startsWith(column, compact) : ilike(column, `${escapeLike(compact)}%`);
  // A NIR or an INS begins with a digit (the sex), a name never does: a name typed is not compared
  // with them, a case-insensitive match that each patient read would pay twice for nothing.
  const identifiers = /^\d/.test(compact)
    ? [byBeginning(patients.patient_nir), byBeginning(patients.patient_ins)]
    : [];
  return [namesHoldEveryWord(term), ...identifiers, ilike(patients.patient_external_id, like(term))];
}

/**
 * Every word typed is in the folded names, in any order: 'helene lefevre' and 'lefevre helene' both
 * find Hélène Lefèvre-Dupont, 'leveque helene' finds Marie-Hélène Lévêque. Each word is one LIKE on
 * the same column, which the trigram index answers together (one bitmap scan of
 * patients_search_names_trgm with every word's pattern as its conditions).
 */
function namesHoldEveryWord(term: string): SQL {
  const words = term.split(/\s+/).filter((word) => word !== '');
  return and(...words.map((word) => foldedContains(patients.patient_search_names, word))) ?? sql`false`;
}

/** The patients of a laboratory a search term finds (`patientSearchBranches`). */
export function patientSearch(term: string, laboratoryId: string): SQL | undefined {
  return and(eq(patients.laboratory_id, laboratoryId), or(...patientSearchBranches(term)));
}

/**
 * A search's matches as disjoint parts, one a branch: each patient in the part of the first branch
 * it meets, so that the parts add up without de-duplication (ListSource.searchMatches).
 */
function patientSearchParts(term: string, rest: SQL, selected: SQL): SQL {
  const branches = patientSearchBranches(term);
  const parts = branches.map((branch, index) => {
    const earlier = or(...branches.slice(0, index));
    const notEarlier = earlier ? sql` AND NOT coalesce(${earlier}, false)` : sql``;
    return sql`SELECT ${selected} FROM ${patients} WHERE ${rest} AND ${branch}${notEarlier}`;
  });
  return sql.join(parts, sql` UNION ALL `);
}

export const patientSource: ListSource<PatientAnswer> = {
  entity: patientList,
  table: patients,
  // A page among many (a common surname) walks the list order, which finds it soonest; a page among
  // few (a full name, a NIR) comes from its count's ids (`searchMatches`), read through the indexes:
  // walked, the planner evaluated the folded names of 30,000 patients for 'Martin Marie'.
  searchCondition: (term, _purpose, laboratoryId) => patientSearch(term, laboratoryId),
  // The count: each branch through its own index, the parts streamed until the bound. Asked as one
  // OR, the planner priced the trigram indexes together above reading the table in order, and read
  // 53,000 patients to count 2,000 'Martin' (21 ms, against 9 ms by the names' index).
  searchMatches: (term, _laboratoryId, rest, selected) => patientSearchParts(term, rest, selected),
  // A common name's page is found within the first patients of the list order, whose index carries
  // what a name search checks (migration 0043): walked while the count runs, for a name alone.
  searchWalksAhead: isNameAlone,
  present: (row: Row) => presentPatient(row as PatientRow),
};

/** A patient of the caller's laboratory, or `patientNotFound`. */
export async function patientInLaboratory(
  q: Queryable,
  laboratoryId: string,
  patientId: string,
): Promise<PatientRow> {
  const [patient] = await q
    .select()
    .from(patients)
    .where(and(eq(patients.laboratory_id, laboratoryId), eq(patients.patient_id, patientId)));
  return patient ?? fail('patientNotFound');
}

export async function patientById(q: Queryable, patientId: string): Promise<PatientRow | undefined> {
  const [patient] = await q.select().from(patients).where(eq(patients.patient_id, patientId));
  return patient;
}
