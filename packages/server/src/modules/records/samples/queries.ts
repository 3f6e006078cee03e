import { type SampleRow as SampleAnswer, sampleList } from '@sil/contract';
import { and, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/open.js';
import { preparedPerDatabase } from '../../../db/prepared.js';
import { analyses } from '../../../db/schema/catalogue.js';
import { samples } from '../../../db/schema/records.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { foldedContains, isNumberTerm, like, startsWith } from '../../../lib/list/query.js';
import type { ListSource, Row } from '../../../lib/list/source.js';
import { sessionStampValues, sessionUnchanged } from '../../../lib/session-stamps.js';
import { results } from '../../results/tables.js';
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
