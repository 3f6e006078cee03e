import { SAMPLE_STEPS, type SampleListRow, type SampleStepTaken, sampleList } from '@sil/contract';
import { and, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/open.js';
import { preparedPerDatabase } from '../../../db/prepared.js';
import { analyses } from '../../../db/schema/catalogue.js';
import { records, samples } from '../../../db/schema/records.js';
import { users } from '../../../db/schema/users.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { foldedContains, isNumberTerm, like, startsWith } from '../../../lib/list/query.js';
import type { ListSource, Row } from '../../../lib/list/source.js';
import { sessionStampValues, sessionUnchanged } from '../../../lib/session-stamps.js';
import { recordAnes } from '../../nonconformities/tables.js';
import { results } from '../../results/tables.js';
import { presentSample } from '../present.js';

export type SampleRow = typeof samples.$inferSelect;

/**
 * The stamp of the listed sample's record, the month its results are in (migration 0060, decision
 * 0034), by the record's primary key; as text as PostgreSQL writes it (microseconds and offset
 * kept, never through a JS Date), to be named as a value when its results are read.
 */
const recordStampOfSample = sql`(SELECT ${records.record_created}::text FROM ${records}
  WHERE ${records.record_id} = ${samples.sample_record})`;

/**
 * The parameters the sample's analyses measure (of its laboratory's analyses), those of an analysis
 * the record marks not performed (ANE) left out: the results its progress expects (issue 40).
 */
const measuredParameters = sql`ARRAY(SELECT DISTINCT measured.parameter_id::text
  FROM ${analyses} CROSS JOIN LATERAL unnest(${analyses.analysis_parameters}) AS measured(parameter_id)
  WHERE ${analyses.analysis_id} = ANY(${samples.sample_analyses}) AND ${analyses.laboratory_id} = ${samples.laboratory_id}
    AND measured.parameter_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM ${recordAnes} WHERE ${recordAnes.ane_record} = ${samples.sample_record}
                     AND ${recordAnes.ane_analysis} = ${analyses.analysis_id}))`;

/** The row fields the samples' results are read with (`readResultsOfSamples`), not answered. */
const STAMP_FIELD = 'sample_record_stamp';
const MEASURED_FIELD = 'sample_measured_parameters';

/** The flags a report marks (the partial index of migration 0035): a sample with one is abnormal. */
const MARKED_FLAGS = sql`'{low,high,toxic,deadly}'::text[]`;

/**
 * The samples list's progress and abnormal mark (issues 40 and 43), for the rows shown, in one
 * statement after the page's: the results of the page's samples, their records' stamps named as
 * values, so that PostgreSQL plans the page's months alone. Read in the page's own statement, each
 * row named its month by a sub-select, pruned when run but planned over every month: 20–40 ms of
 * planning a page at five years (decision 0034). A result's stamp is its record's (the results'
 * guard, and a record's stamp never moves: migration 0062), so the sample's results are those of
 * the stamps named. Progress: how many of the measured parameters have a result, of how many;
 * abnormal: any result of the sample flagged, measured or not.
 */
async function readResultsOfSamples(db: Queryable, rows: Row[]): Promise<void> {
  const ids = rows.map((row) => String(row.sample_id));
  const stamps = [
    ...new Set(rows.map((row) => row[STAMP_FIELD]).filter((stamp) => typeof stamp === 'string')),
  ];
  const read =
    stamps.length === 0
      ? []
      : (
          (await db.execute(sql`SELECT ${results.result_sample}::text AS sample_id,
              array_agg(DISTINCT ${results.result_parameter}::text) AS parameters,
              coalesce(bool_or(${results.result_flags} && ${MARKED_FLAGS}), false) AS abnormal
            FROM ${results}
            WHERE ${results.result_sample} = ANY(${sql.param(ids)}::uuid[])
              AND ${results.result_record_created} = ANY(${sql.param(stamps)}::timestamptz[])
            GROUP BY ${results.result_sample}`)) as unknown as {
            rows: Array<{ sample_id: string; parameters: string[]; abnormal: boolean }>;
          }
        ).rows;
  const bySample = new Map(read.map((found) => [found.sample_id, found]));
  for (const row of rows) {
    const found = bySample.get(String(row.sample_id));
    const measured = (row[MEASURED_FIELD] ?? []) as string[];
    const entered = new Set(found?.parameters ?? []);
    row.sample_results = {
      entered: measured.filter((parameter) => entered.has(parameter)).length,
      expected: measured.length,
    };
    row.sample_abnormal = found?.abnormal === true;
  }
}

const countOf = (value: unknown) => (Number.isInteger(Number(value)) ? Number(value) : 0);

/**
 * Who took each progress step, by name (issue 40, as the record screen reads them since e3efc44):
 * a primary-key read of users per step taken, for the rows shown only. The list is staff's alone.
 */
const stepColumns = {
  prepared: { at: 'sample_prepared_at', by: samples.sample_prepared_by },
  injected: { at: 'sample_injected_at', by: samples.sample_injected_by },
  removed: { at: 'sample_removed_at', by: samples.sample_removed_by },
  validated: { at: 'sample_validated_at', by: samples.sample_validated_by },
} as const;
const authorField = (step: SampleStepTaken['step']) => `sample_${step}_by_name`;
const stepAuthors = Object.fromEntries(
  SAMPLE_STEPS.map((step) => [
    authorField(step),
    sql`(SELECT ${users.user_name} FROM ${users} WHERE ${users.admin_uid} = ${stepColumns[step].by})`,
  ]),
);

/** The steps a listed sample took, in the bench's order, each with when (ISO 8601) and who. */
function stepsTaken(row: Row, sample: ReturnType<typeof presentSample>): SampleStepTaken[] {
  return SAMPLE_STEPS.flatMap((step) => {
    const at = sample[stepColumns[step].at];
    if (at === null) return [];
    const by = row[authorField(step)];
    return [{ step, at, by: typeof by === 'string' ? by : null }];
  });
}

export const sampleSource: ListSource<SampleListRow> = {
  entity: sampleList,
  table: samples,
  rowFields: { [STAMP_FIELD]: recordStampOfSample, [MEASURED_FIELD]: measuredParameters, ...stepAuthors },
  completeRows: readResultsOfSamples,
  present: (row: Row) => {
    const progress = (row.sample_results ?? {}) as { entered?: unknown; expected?: unknown };
    // The names are read into the steps, the stamp and parameters into the progress: none is
    // answered beside the sample's columns.
    const stored = { ...row };
    for (const step of SAMPLE_STEPS) delete stored[authorField(step)];
    delete stored[STAMP_FIELD];
    delete stored[MEASURED_FIELD];
    const sample = presentSample(stored as SampleRow);
    return Object.assign(sample, {
      sample_results: { entered: countOf(progress.entered), expected: countOf(progress.expected) },
      sample_abnormal: row.sample_abnormal === true,
      sample_steps: stepsTaken(row, sample),
    });
  },
  exportOrder: 'sample_number',
  // By any part of the number (by its beginning when typed as a number: migration 0024), or of the
  // observations folded as names are (migration 0016: 'hemolyse' finds 'Hémolysé'); each branch has
  // its index.
  searchCondition: (term) =>
    or(
      isNumberTerm(term) ? startsWith(samples.sample_number, term) : ilike(samples.sample_number, like(term)),
      foldedContains(sql`sil_fold(${samples.sample_observations})`, term),
    ),
};

/** A sample of the caller's laboratory, or `sampleNotFound`. */
export async function sampleInLaboratory(
  q: Queryable,
  laboratoryId: string,
  sampleId: string,
): Promise<SampleRow> {
  const [sample] = await q
    .select()
    .from(samples)
    .where(and(eq(samples.laboratory_id, laboratoryId), eq(samples.sample_id, sampleId)));
  return sample ?? fail('sampleNotFound');
}

/**
 * get-sample's one statement: the sample of the laboratory, and whether the caller's session is as
 * remembered (lib/session-stamps.ts), prepared once per database.
 */
const prepareSampleDetail = (db: Db) =>
  db
    .select({ sample: getTableColumns(samples), sessionUnchanged })
    .from(samples)
    .where(
      and(
        eq(samples.laboratory_id, sql.placeholder('laboratoryId')),
        eq(samples.sample_id, sql.placeholder('sampleId')),
      ),
    )
    .prepare('sample_detail');

const sampleDetailQuery = preparedPerDatabase(prepareSampleDetail);

/** A sample of the caller's laboratory, or `sampleNotFound`; and whether the caller's session moved. */
export async function sampleDetail(db: Db, auth: Authenticated, sampleId: string) {
  const [row] = await sampleDetailQuery(db).execute({
    ...sessionStampValues(auth),
    laboratoryId: auth.user.laboratory_id,
    sampleId,
  });
  return row ?? fail('sampleNotFound');
}

/** The samples of some records, in label order. */
export async function samplesOfRecords(q: Queryable, recordIds: string[]): Promise<SampleRow[]> {
  if (recordIds.length === 0) return [];
  return q
    .select()
    .from(samples)
    .where(inArray(samples.sample_record, recordIds))
    .orderBy(samples.sample_number);
}

/**
 * The analyses of a sample still without a result for one of their parameters, or without any
 * parameter to hold one, in the sample's order: what completing it leaves missing. An analysis the
 * record marks not performed (an ANE) is done with: nothing more will come for it. One query on the
 * sample's own results (their unique index) and its record's ANEs.
 */
export async function analysesWithoutResults(q: Queryable, sample: SampleRow): Promise<string[]> {
  if (sample.sample_analyses.length === 0) return [];
  const rows = await q
    .select({ analysis_id: analyses.analysis_id })
    .from(analyses)
    .where(
      and(
        eq(analyses.laboratory_id, sample.laboratory_id),
        inArray(analyses.analysis_id, sample.sample_analyses),
        sql`(cardinality(${analyses.analysis_parameters}) = 0
          or exists (select 1 from unnest(${analyses.analysis_parameters}) as measured(parameter_id)
            where not exists (select 1 from ${results} where ${results.result_sample} = ${sample.sample_id}
              and ${results.result_parameter} = measured.parameter_id
              -- The record's month only (migration 0060).
              and ${results.result_record_created} = (select record_created from records
                                                        where record_id = ${sample.sample_record}))))`,
        sql`not exists (select 1 from ${recordAnes} where ${recordAnes.ane_record} = ${sample.sample_record}
          and ${recordAnes.ane_analysis} = ${analyses.analysis_id})`,
      ),
    );
  const missing = new Set(rows.map((row) => row.analysis_id));
  return sample.sample_analyses.filter((id) => missing.has(id));
}
