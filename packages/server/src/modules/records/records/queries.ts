import {
  EXTERNAL_RECORDS_FILTER,
  type ListQuery,
  type RecordListRow,
  type RecordPatientFields,
  recordList,
} from '@sil/contract';
import { type AnyColumn, and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/open.js';
import { abnormalRecords, patients, records, samples } from '../../../db/schema/records.js';
import { users } from '../../../db/schema/users.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { isNameAlone, isNumberTerm, like, startsWith } from '../../../lib/list/query.js';
import type { ListSource, Row } from '../../../lib/list/source.js';
import { columnsOf } from '../../../lib/read-only.js';
import { auditTrail } from '../../audit/tables.js';
import { recordAnes, recordNcas } from '../../nonconformities/tables.js';
import { patientSearch } from '../patients/queries.js';
import { presentRecord } from '../present.js';
import { type RecordRow, recordScope } from '../scope.js';
import { parisMidnight, taskFilter, todayInParis } from './tasks.js';

/**
 * What every record list and export shows of its patient (name, birth date, sex), read in the
 * page's own statement: a sub-select per row shown, which PostgreSQL runs after the sort and limit.
 */
const patientSummary = sql<RecordPatientFields>`(SELECT json_build_object(
    'patient_surname', p.patient_surname, 'patient_name', p.patient_name,
    'patient_dob', p.patient_dob, 'patient_gender', p.patient_gender)
  FROM ${patients} p WHERE p.patient_id = ${records.record_patient})`;

/**
 * A column of the list's table named with its table inside a sub-select. In a select list of one
 * table the query builder writes a field's own columns bare ("record_id"), which inside a sub-select
 * of a table with a column of that name means the sub-select's column; it leaves nested SQL as is.
 */
const qualified = (column: AnyColumn) => sql`${column}`;

/**
 * Whether a validated result of the record is out of range (ABNORMAL_RESULT_FLAGS on a sample
 * validated or later): the record is then in `abnormal_records`, which triggers on results and
 * samples keep (migration 0039), so that no portal user learns of a value not yet released. One
 * primary-key look-up per record, as the mark of each row shown or a check of records in list order.
 */
const abnormalRowOfRecord = sql`FROM ${abnormalRecords} a WHERE a.record_id = ${qualified(records.record_id)}`;
export const recordAbnormal = sql<boolean>`EXISTS (SELECT 1 ${abnormalRowOfRecord})`;

/**
 * The same, as the mark of each row shown: one look-up per row of the page. As an EXISTS in the
 * select list PostgreSQL may rather hash every abnormal record once for a page of 50, on every
 * records list.
 */
const abnormalMark = sql<boolean>`coalesce((SELECT true ${abnormalRowOfRecord} LIMIT 1), false)`;

/** The laboratory's abnormal records, read from their index alone (the count and a page among few). */
const abnormalRecordIds = (laboratoryId: string) =>
  sql`SELECT a.record_id FROM ${abnormalRecords} a WHERE a.laboratory_id = ${laboratoryId}`;

/** Which records the abnormal filter asks for: those marked, the others, or both. */
function abnormalWanted(values: string[]): 'marked' | 'unmarked' | 'both' {
  const wanted = new Set(values.map((value) => value.toLowerCase()));
  if ([...wanted].some((value) => value !== 'true' && value !== 'false'))
    fail('incorrectType', { field: 'filter_value[]', value: 'record_abnormal' });
  if (wanted.size !== 1) return 'both';
  return wanted.has('true') ? 'marked' : 'unmarked';
}

/**
 * The records with an active non-compliance on a sample, one row a record: the laboratory's entries
 * of samples_nct_active_record in record order, each record once (migration 0041).
 */
const recordsWithNctsIn = (laboratoryId: string) =>
  sql`SELECT DISTINCT sample_record FROM ${samples}
       WHERE sample_nct_active AND ${samples.laboratory_id} = ${laboratoryId}`;

/** An external record: one a clinic owns (created on the external portal), as the dashboard counts them. */
export const externalRecord = sql`${records.record_owner} IS NOT NULL`;

/**
 * A tube's barcode holds its sample number, `{record number}-NN` (decision 0007): scanned into the
 * search, it finds its record, by the record number's index as a typed number does (issue 40).
 */
const recordNumberOfTerm = (term: string) => term.replace(/-\d*$/, '');

/** Records by number: by its beginning when typed as a number (migration 0024), else by any part. */
const numberMatches = (term: string): SQL =>
  isNumberTerm(term)
    ? startsWith(records.record_number, recordNumberOfTerm(term))
    : ilike(records.record_number, like(term));

/** The end of a day in Paris (YYYY-MM-DD), as an instant: what 'created up to that day' stops at. */
const createdBefore = (day: string) => sql`(${parisMidnight(day)} + interval '1 day')`;

export const recordSource: ListSource<RecordListRow> = {
  entity: recordList,
  table: records,
  rowFields: { patient_summary: patientSummary, record_abnormal: abnormalMark },
  shapedByPurpose: { filters: ['records_with_ncts', 'record_abnormal'] },
  // Assigned rather than spread (lib/time.ts, `withoutTenant`); the answer's projection leaves out
  // the patient_summary it carries.
  present: (row: Row) =>
    Object.assign(presentRecord(row as RecordRow), row.patient_summary as RecordPatientFields | null, {
      record_abnormal: row.record_abnormal === true,
    }),
  exportOrder: 'record_number',
  // Records created between two days (ListSource.stampSplit), newest update first: split at the end
  // of the last day; oldest first: at the start of the first. A record is last updated at or after
  // its creation, so the part walked from the split finds the days' records near it; the other part
  // is read among the days' records by records_created_counts, which carries the last update and
  // the id (migration 0037), or among those updated since the split when they are fewer.
  stampSplit: (query, order) => {
    if (order === 'DESC') return query.filter_date_to ? createdBefore(query.filter_date_to) : undefined;
    return query.filter_date_from ? parisMidnight(query.filter_date_from) : undefined;
  },
  // A page among many (a common surname): the records in list order, each checked against its own
  // patient, stop at the page (a page among few comes from its count's ids, `searchMatches`). The
  // check is the search's value for the patient found by id, so that it stays one look-up per record
  // (patients_search_by_id, migration 0042): hashing the matching patients first folded the names of
  // all 10,810 'Martin' patients (130 ms) where the page is found within its first 1,400 records,
  // and an EXISTS let the planner answer each record from the trigram index instead.
  searchCondition: (term, _purpose, laboratoryId) =>
    or(
      numberMatches(term),
      sql`coalesce((SELECT ${patientSearch(term, laboratoryId)} FROM patients
                     WHERE patients.patient_id = ${records.record_patient}), false)`,
    ),
  // The count: the records whose number matches, then those of each matching patient whose number
  // does not (so that no record counts twice), each part within the list's other conditions. The
  // parts stream and the count stops at its bound: 10,001 of the 36,000 records of the 'Martin'
  // patients, not all of them gathered and de-duplicated first. A patient's records are read by
  // records_record_patient_index alone (the sub-select, named as the table so that `rest` applies to
  // it): given the laboratory inside, the planner may walk the laboratory's records instead. That
  // index carries what the part reads of them (migration 0045), so no record row is read.
  // A common name's page is found within the first few thousand records of the list order, read
  // from its index alone (migration 0042): walked while the count runs, for a name alone.
  searchWalksAhead: isNameAlone,
  searchMatches: (term, laboratoryId, rest, selected) =>
    sql`SELECT ${selected} FROM records WHERE ${rest} AND ${numberMatches(term)}
        UNION ALL
        SELECT ${selected} FROM patients
          CROSS JOIN LATERAL (SELECT * FROM records WHERE records.record_patient = patients.patient_id
                               OFFSET 0) AS records
         WHERE ${patientSearch(term, laboratoryId)} AND ${rest} AND NOT (${numberMatches(term)})`,
  computedFilters: {
    // The dashboard's tasks (issue 17): the records of the tasks named, as the dashboard counts them.
    record_task: (values) => taskFilter(values),
    // Among many, the records in list order, each checked by samples_nct_active_record, stop at the
    // page; the count and a page among few start from the samples with a non-compliance, so that
    // their work follows those samples and not the laboratory's records (migration 0016).
    records_with_ncts: (_values, purpose) =>
      purpose === 'page-of-many'
        ? inArray(records.record_id, sql`(SELECT sample_record FROM samples WHERE sample_nct_active)`)
        : sql`${records.record_id} = ANY(ARRAY(SELECT sample_record FROM samples WHERE sample_nct_active))`,
    // Through record_anes_one_per_analysis, whose first column is the record (migration 0021).
    records_with_anes: () => sql`EXISTS (SELECT 1 FROM record_anes WHERE ane_record = ${records.record_id})`,
    // Yes: records with a validated result out of range; no: the others (a check per record). Among
    // many, the records in list order, each checked, stop at the page; the count and a page among
    // few start from the laboratory's abnormal records (abnormal_records_laboratory), as the
    // non-compliances do: checked record by record, the count walked half the laboratory's records.
    record_abnormal: (values, purpose, laboratoryId) => {
      const wanted = abnormalWanted(values);
      if (wanted === 'both') return sql`true`;
      if (wanted === 'unmarked') return sql`NOT ${recordAbnormal}`;
      return purpose === 'page-of-many'
        ? recordAbnormal
        : sql`${records.record_id} = ANY(ARRAY(${abnormalRecordIds(laboratoryId)}))`;
    },
    [EXTERNAL_RECORDS_FILTER]: () => externalRecord,
    records_validated_today: () =>
      and(
        gte(records.record_validated_at, parisMidnight(todayInParis())),
        sql`${records.record_validated_at} IS NOT NULL`,
      ) ?? sql`false`,
  },
  // With no other condition, the count needs no record: each of these filters' matches is a row of
  // its own index, of the laboratory.
  countedAlone: {
    records_with_ncts: (_values, laboratoryId) => recordsWithNctsIn(laboratoryId),
    record_abnormal: (values, laboratoryId) =>
      abnormalWanted(values) === 'marked' ? abnormalRecordIds(laboratoryId) : undefined,
  },
};

/** Created-from/to (inclusive days in Paris time) of the records and tasks lists. */
export function createdBetween(query: ListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.filter_date_from)
    conditions.push(gte(records.record_created, sql`${parisMidnight(query.filter_date_from)}`));
  if (query.filter_date_to) conditions.push(lt(records.record_created, createdBefore(query.filter_date_to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The records of one patient this caller may see, newest first. */
export const recordsOfPatient = (
  q: Queryable,
  auth: Authenticated,
  patientId: string,
): Promise<RecordRow[]> =>
  q
    .select()
    .from(records)
    .where(and(recordScope(auth), eq(records.record_patient, patientId)))
    .orderBy(desc(records.record_created));

/**
 * The trace entries of a record, its samples and its patient, oldest first, with the author's name;
 * and the record's samples, whose results have a trace of their own (result-trace.ts).
 */
export async function traceEntries(q: Queryable, laboratoryId: string, record: RecordRow) {
  const sampleIds = (
    await q.select({ id: samples.sample_id }).from(samples).where(eq(samples.sample_record, record.record_id))
  ).map((s) => s.id);
  // The ANEs and NCAs raised on the record (a replaced ANE keeps its row, so its id stays).
  const nonconformityIds = [
    ...(await q
      .select({ id: recordAnes.ane_id })
      .from(recordAnes)
      .where(eq(recordAnes.ane_record, record.record_id))),
    ...(await q
      .select({ id: recordNcas.nca_id })
      .from(recordNcas)
      .where(eq(recordNcas.nca_record, record.record_id))),
  ].map((row) => row.id);
  const concerns = or(
    and(eq(auditTrail.table_name, 'records'), eq(auditTrail.row_id, record.record_id)),
    and(eq(auditTrail.table_name, 'patients'), eq(auditTrail.row_id, record.record_patient)),
    sampleIds.length > 0
      ? and(eq(auditTrail.table_name, 'samples'), inArray(auditTrail.row_id, sampleIds))
      : undefined,
    nonconformityIds.length > 0
      ? and(
          inArray(auditTrail.table_name, ['record_anes', 'record_ncas']),
          inArray(auditTrail.row_id, nonconformityIds),
        )
      : undefined,
  );
  const entries = await q
    .select({ entry: columnsOf(auditTrail), name: users.user_name })
    .from(auditTrail)
    .leftJoin(users, sql`${users.admin_uid}::text = ${auditTrail.modification_by}`)
    .where(and(eq(auditTrail.laboratory_id, laboratoryId), concerns))
    .orderBy(auditTrail.modification_id);
  return { entries, sampleIds };
}
