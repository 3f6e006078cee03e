import { type SampleRow as SampleAnswer, sampleList } from '@sil/contract';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/open.js';
import { analyses, results, samples } from '../../../db/schema/index.js';
import { fail } from '../../../lib/errors.js';
import { foldedContains, isNumberTerm, like, startsWith } from '../../../lib/list/query.js';
import type { ListSource, Row } from '../../../lib/list/source.js';
import { presentSample } from '../present.js';

export type SampleRow = typeof samples.$inferSelect;

export const sampleSource: ListSource<SampleAnswer> = {
  entity: sampleList,
  table: samples,
  present: (row: Row) => presentSample(row as SampleRow),
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
 * parameter to hold one, in the sample's order: what completing it leaves missing. One query on the
 * sample's own results (their unique index).
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
              and ${results.result_parameter} = measured.parameter_id)))`,
      ),
    );
  const missing = new Set(rows.map((row) => row.analysis_id));
  return sample.sample_analyses.filter((id) => missing.has(id));
}
