import { type Anteriority, SAMPLE_STATUS } from '@sil/contract';
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { builtRead, preparedRead } from '../../db/prepared.js';
import { analyses, parameters } from '../../db/schema/catalogue.js';
import { machines } from '../../db/schema/reference.js';
import { results } from '../../db/schema/results.js';
import { users } from '../../db/schema/users.js';
import { fail } from '../../lib/errors.js';
import { columnsOf } from '../../lib/read-only.js';
import { patients, records, samples } from '../records/tables.js';

/** A result as read: its partition key (its record's stamp) stays in the database. */
export type ResultColumns = Omit<typeof results.$inferSelect, 'result_record_created'>;
export type StoredResult = ResultColumns & { entered_by_name: string };

const withoutPartitionKey = <T extends { result_record_created: string }>(row: T) => {
  const { result_record_created: _month, ...rest } = row;
  return rest;
};

/**
 * Makes sure the month partition of results written for a record created at `recordCreated`
 * exists before they are written (migration 0060, decision 0034): a catalogue lookup when it does,
 * which it does but once a month.
 */
export async function ensureResultMonths(q: Queryable, recordCreated: string[]) {
  const months = [...new Set(recordCreated.map((stamp) => new Date(stamp).toISOString().slice(0, 7)))];
  for (const month of months)
    await q.execute(sql`select results_month_partition(${`${month}-01T00:00:00Z`})`);
}

/** Each sample's record stamp, the partition key of its results (for writes naming samples only). */
export async function recordStampsOfSamples(q: Queryable, sampleIds: string[]): Promise<Map<string, string>> {
  if (sampleIds.length === 0) return new Map();
  const rows = await q
    .select({ sample_id: samples.sample_id, record_created: records.record_created })
    .from(samples)
    .innerJoin(records, eq(records.record_id, samples.sample_record))
    .where(inArray(samples.sample_id, sampleIds));
  return new Map(rows.map((row) => [row.sample_id, row.record_created]));
}

/**
 * The creation stamps of a patient's records: the months their results are in. A read of results
 * across the patient's records names them, so that PostgreSQL opens those months only (decided
 * when the statement is planned, whatever join it chooses); a patient has tens of records, read by
 * the records' patient index.
 */
export async function patientRecordStamps(q: Queryable, patientId: string): Promise<string[]> {
  const rows = await patientRecordStampsRead(q, { patientId });
  return rows.map((row) => row.record_created);
}

const patientRecordStampsRead = preparedRead('patient_record_stamps', (q) =>
  q
    .selectDistinct({ record_created: records.record_created })
    .from(records)
    .where(eq(records.record_patient, sql.placeholder('patientId'))),
);

/** The join of a sample's results on its record, in that record's month partition only. */
const resultsOfItsRecord = and(
  eq(results.result_sample, samples.sample_id),
  eq(results.result_record_created, records.record_created),
);
export type ParameterRow = typeof parameters.$inferSelect;

/** The record and patient a sample belongs to: the patient's conditions choose the ranges. */
export async function recordAndPatientOf(q: Queryable, recordId: string) {
  const [row] = await q
    .select({ record: columnsOf(records), patient: columnsOf(patients) })
    .from(records)
    .innerJoin(patients, eq(patients.patient_id, records.record_patient))
    .where(eq(records.record_id, recordId));
  return row ?? fail('recordNotFound');
}

/**
 * The parameters a sample measures, in the order of its analyses and, within one, the analysis's
 * own order; a parameter two analyses share is measured once, under the first.
 */
export async function parametersOfSample(q: Queryable, laboratoryId: string, analysisIds: string[]) {
  const [lines] = await parametersOfSamples(q, laboratoryId, [analysisIds]);
  return lines ?? [];
}

/** `parametersOfSample` for several samples' analyses, the catalogue read once for them all. */
const placeholder = (name: string) => sql.placeholder(name);

/** The analyses of a laboratory with these ids: their names and the parameters they measure. */
const analysesWithIds = preparedRead('analyses_with_ids', (q) =>
  q
    .select({
      analysis_id: analyses.analysis_id,
      analysis_name: analyses.analysis_name,
      analysis_parameters: analyses.analysis_parameters,
    })
    .from(analyses)
    .where(
      and(
        eq(analyses.laboratory_id, placeholder('laboratoryId')),
        sql`${analyses.analysis_id} = ANY(${placeholder('ids')}::uuid[])`,
      ),
    ),
);

/** The parameters of a laboratory with these ids. */
const parametersWithIds = preparedRead('parameters_with_ids', (q) =>
  q
    .select()
    .from(parameters)
    .where(
      and(
        eq(parameters.laboratory_id, placeholder('laboratoryId')),
        sql`${parameters.parameter_id} = ANY(${placeholder('ids')}::uuid[])`,
      ),
    ),
);

/** The analyses these samples name, each read once: their names and the parameters they measure. */
export async function analysesOfSamples(
  q: Queryable,
  laboratoryId: string,
  analysisIdsOfEach: readonly string[][],
): Promise<AnalysisOfSample[]> {
  const analysisIds = [...new Set(analysisIdsOfEach.flat())];
  return analysisIds.length === 0 ? [] : analysesWithIds(q, { laboratoryId, ids: analysisIds });
}
export interface AnalysisOfSample {
  analysis_id: string;
  analysis_name: string;
  analysis_parameters: string[];
}

export async function parametersOfSamples(
  q: Queryable,
  laboratoryId: string,
  analysisIdsOfEach: readonly string[][],
  /** `analysesOfSamples` of the same ids, when read already. */
  analysesRead?: Promise<AnalysisOfSample[]>,
) {
  const found = await (analysesRead ?? analysesOfSamples(q, laboratoryId, analysisIdsOfEach));
  const analysisById = new Map(found.map((analysis) => [analysis.analysis_id, analysis]));
  const parameterIds = [...new Set(found.flatMap((analysis) => analysis.analysis_parameters))];
  const parameterRows =
    parameterIds.length === 0 ? [] : await parametersWithIds(q, { laboratoryId, ids: parameterIds });
  const byId = new Map(parameterRows.map((parameter) => [parameter.parameter_id, parameter]));
  return analysisIdsOfEach.map((ids) => {
    const seen = new Set<string>();
    return [...new Set(ids)].flatMap((analysisId) => {
      const analysis = analysisById.get(analysisId);
      if (!analysis) return [];
      return analysis.analysis_parameters.flatMap((parameterId) => {
        const parameter = byId.get(parameterId);
        if (!parameter || seen.has(parameterId)) return [];
        seen.add(parameterId);
        return [{ analysis_id: analysis.analysis_id, analysis_name: analysis.analysis_name, parameter }];
      });
    });
  });
}

export async function resultsOfSample(
  q: Queryable,
  sampleId: string,
  recordCreated: string,
): Promise<StoredResult[]> {
  return (await resultsOfSamples(q, [sampleId], [recordCreated])).get(sampleId) ?? [];
}

const resultsOfSamplesRead = builtRead((q) =>
  q
    .select({
      result: results,
      // An analyser's result is named by its machine (migration 0055).
      entered_by_name: sql<string>`coalesce(${users.user_name}, ${machines.machine_name}, '')`,
    })
    .from(results)
    .leftJoin(users, eq(users.admin_uid, results.result_entered_by))
    .leftJoin(machines, eq(machines.machine_id, results.result_machine))
    .where(
      and(
        sql`${results.result_sample} = ANY(${placeholder('sampleIds')}::uuid[])`,
        sql`${results.result_record_created} = ANY(${placeholder('months')}::timestamptz[])`,
      ),
    )
    .orderBy(asc(results.result_entered_at)),
);

/**
 * The stored results of each of these samples, in the order they were entered, in one statement.
 * `recordCreated` names their records' stamps, the months their results are in: as values, they
 * let PostgreSQL plan those months only (a join on the record's stamp prunes when it runs, but is
 * planned over every month, 30 ms at five years of months: issue 43).
 */
export async function resultsOfSamples(
  q: Queryable,
  sampleIds: readonly string[],
  recordCreated: readonly string[],
): Promise<Map<string, StoredResult[]>> {
  const bySample = new Map<string, StoredResult[]>(sampleIds.map((sampleId) => [sampleId, []]));
  if (sampleIds.length === 0) return bySample;
  const rows = await resultsOfSamplesRead(q, {
    sampleIds: [...sampleIds],
    months: [...new Set(recordCreated)],
  });
  for (const row of rows)
    bySample
      .get(row.result.result_sample)
      ?.push({ ...withoutPartitionKey(row.result), entered_by_name: row.entered_by_name });
  return bySample;
}

/** When a sample was collected: its own time, else its record's, else the record's creation. */
const collectedAt = sql<string>`coalesce(${samples.sample_collection_datetime}, ${records.record_collection_datetime}, ${records.record_created})`;

const anterioritiesRead = builtRead((q) =>
  q
    .selectDistinctOn([results.result_parameter], {
      result_parameter: results.result_parameter,
      record_id: records.record_id,
      record_number: records.record_number,
      collected_at: collectedAt,
      result_value: results.result_value,
      result_text: results.result_text,
      result_calculated: results.result_calculated,
      result_censored: results.result_censored,
      result_unit: results.result_unit,
    })
    .from(records)
    .innerJoin(samples, eq(samples.sample_record, records.record_id))
    .innerJoin(results, resultsOfItsRecord)
    .where(
      and(
        eq(records.record_patient, placeholder('patientId')),
        ne(records.record_id, placeholder('recordId')),
        eq(records.record_annulr_flag, false),
        gte(samples.sample_status, SAMPLE_STATUS.validated),
        sql`${results.result_parameter} = ANY(${placeholder('parameterIds')}::uuid[])`,
        sql`${results.result_record_created} = ANY(${placeholder('months')}::timestamptz[])`,
        lt(collectedAt, placeholder('collectedBefore')),
      ),
    )
    .orderBy(results.result_parameter, desc(collectedAt)),
);

/**
 * The patient's latest validated result (sample validated or reported) for each parameter, on any
 * other record collected before this one; one query whatever the number of parameters. A patient
 * has tens of records, reached by the records' patient index, so the cost does not grow with the
 * laboratory's size.
 */
export async function anterioritiesOf(
  q: Queryable,
  patientId: string,
  recordId: string,
  collectedBefore: string,
  parameterIds: string[],
  /** The patient's record stamps (`patientRecordStamps`), when read already. */
  patientMonths?: string[],
): Promise<Map<string, Anteriority>> {
  if (parameterIds.length === 0) return new Map();
  const months = patientMonths ?? (await patientRecordStamps(q, patientId));
  if (months.length === 0) return new Map();
  const rows = await anterioritiesRead(q, {
    patientId,
    recordId,
    parameterIds,
    months,
    collectedBefore: new Date(collectedBefore).toISOString(),
  });
  return new Map(
    rows.map(({ result_parameter, collected_at, result_censored, ...rest }) => [
      result_parameter,
      {
        ...rest,
        collected_at: collected_at === null ? null : new Date(collected_at).toISOString(),
        result_censored: censoredOf(result_censored),
      },
    ]),
  );
}

export const censoredOf = (value: string | null): '<' | '>' | null =>
  value === '<' || value === '>' ? value : null;

/**
 * A page of the patient's results, newest collection first, with how many there are (one query).
 * The patient's records (records' patient index), their samples (samples' record index) and their
 * results (the unique sample-parameter index) are a patient's size whatever the laboratory's, so the
 * sort runs on a few hundred rows, not on the results table. Cancelled records are left out.
 */
export async function patientResultsPage(
  q: Queryable,
  laboratoryId: string,
  patientId: string,
  page: { offset: number; limit: number },
) {
  const months = await patientRecordStamps(q, patientId);
  if (months.length === 0) return [];
  // The sample's first analysis that measures the parameter, as the bench groups it.
  const analysisName = sql<string | null>`(select ${analyses.analysis_name} from ${analyses}
    where ${analyses.analysis_id} = any(${samples.sample_analyses})
      and ${results.result_parameter} = any(${analyses.analysis_parameters})
    order by array_position(${samples.sample_analyses}, ${analyses.analysis_id}) limit 1)`;
  return q
    .select({
      result_id: results.result_id,
      record_id: records.record_id,
      record_number: records.record_number,
      sample_id: samples.sample_id,
      sample_number: samples.sample_number,
      sample_status: samples.sample_status,
      collected_at: collectedAt,
      analysis_name: analysisName,
      parameter_id: parameters.parameter_id,
      parameter_name: parameters.parameter_name,
      result_value: results.result_value,
      result_text: results.result_text,
      result_calculated: results.result_calculated,
      result_censored: results.result_censored,
      result_unit: results.result_unit,
      result_flags: results.result_flags,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(records)
    .innerJoin(samples, eq(samples.sample_record, records.record_id))
    .innerJoin(results, resultsOfItsRecord)
    .innerJoin(parameters, eq(parameters.parameter_id, results.result_parameter))
    .where(
      and(
        eq(records.record_patient, patientId),
        eq(records.laboratory_id, laboratoryId),
        eq(records.record_annulr_flag, false),
        inArray(results.result_record_created, months),
      ),
    )
    .orderBy(
      desc(collectedAt),
      asc(samples.sample_number),
      asc(parameters.parameter_name),
      asc(results.result_id),
    )
    .offset(page.offset)
    .limit(page.limit);
}

/** How many results the patient has (the page asked was past the last one). */
export async function patientResultCount(q: Queryable, laboratoryId: string, patientId: string) {
  const months = await patientRecordStamps(q, patientId);
  if (months.length === 0) return 0;
  const [row] = await q
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(records)
    .innerJoin(samples, eq(samples.sample_record, records.record_id))
    .innerJoin(results, resultsOfItsRecord)
    .where(
      and(
        eq(records.record_patient, patientId),
        eq(records.laboratory_id, laboratoryId),
        eq(records.record_annulr_flag, false),
        inArray(results.result_record_created, months),
      ),
    );
  return row?.total ?? 0;
}

export type RecordResult = ResultColumns & { parameter_code: string | null };

/**
 * Every result of a record, on all its samples, with the code of its parameter: what the formulas
 * of calculated parameters read (`$CT`). Reached by the results' sample index, in the record's
 * month named as a value (planned alone, as `resultsOfSamples`).
 */
export async function resultsOfRecord(
  q: Queryable,
  record: { record_id: string; record_created: string },
): Promise<RecordResult[]> {
  const rows = await q
    .select({ result: results, parameter_code: parameters.parameter_code })
    .from(samples)
    .innerJoin(results, eq(results.result_sample, samples.sample_id))
    .innerJoin(parameters, eq(parameters.parameter_id, results.result_parameter))
    .where(
      and(
        eq(samples.sample_record, record.record_id),
        eq(results.result_record_created, record.record_created),
      ),
    )
    .orderBy(desc(results.result_last_updated));
  return rows.map((row) => ({ ...withoutPartitionKey(row.result), parameter_code: row.parameter_code }));
}

/** The laboratory's parameters that answer to these codes, for the inputs a formula names. */
const parametersWithCodesRead = preparedRead('parameters_with_codes', (q) =>
  q
    .select()
    .from(parameters)
    .where(
      and(
        eq(parameters.laboratory_id, placeholder('laboratoryId')),
        sql`${parameters.parameter_code} = ANY(${placeholder('codes')}::text[])`,
      ),
    ),
);

export async function parametersWithCodes(
  q: Queryable,
  laboratoryId: string,
  codes: string[],
): Promise<ParameterRow[]> {
  return codes.length === 0 ? [] : parametersWithCodesRead(q, { laboratoryId, codes });
}
