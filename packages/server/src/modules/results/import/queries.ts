import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/open.js';
import { analyses, parameters } from '../../../db/schema/catalogue.js';
import { resultImports } from '../../../db/schema/imports.js';
import { results } from '../../../db/schema/results.js';
import { columnsOf } from '../../../lib/read-only.js';
import { patients, records, samples } from '../../records/tables.js';

const CHUNK = 1000;

async function inChunks<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < values.length; start += CHUNK)
    out.push(...(await read(values.slice(start, start + CHUNK))));
  return out;
}

/**
 * Everything a file's samples need to be read as the bench reads them, in a few queries whatever
 * the number of rows: the samples by number, their records and patients, the parameters their
 * analyses measure and the results already stored.
 */
export async function importContext(q: Queryable, laboratoryId: string, sampleNumbers: string[]) {
  const sampleRows = await inChunks(sampleNumbers, (chunk) =>
    q
      .select()
      .from(samples)
      .where(and(eq(samples.laboratory_id, laboratoryId), inArray(samples.sample_number, chunk))),
  );
  const recordIds = [...new Set(sampleRows.map((sample) => sample.sample_record))];
  const recordRows = await inChunks(recordIds, (chunk) =>
    q
      .select({ record: columnsOf(records), patient: columnsOf(patients) })
      .from(records)
      .innerJoin(patients, eq(patients.patient_id, records.record_patient))
      .where(inArray(records.record_id, chunk)),
  );
  const analysisIds = [...new Set(sampleRows.flatMap((sample) => sample.sample_analyses))];
  const analysisRows = await inChunks(analysisIds, (chunk) =>
    q
      .select({ analysis_id: analyses.analysis_id, analysis_parameters: analyses.analysis_parameters })
      .from(analyses)
      .where(and(eq(analyses.laboratory_id, laboratoryId), inArray(analyses.analysis_id, chunk))),
  );
  const parameterIds = [...new Set(analysisRows.flatMap((analysis) => analysis.analysis_parameters))];
  const parameterRows = await inChunks(parameterIds, (chunk) =>
    q
      .select()
      .from(parameters)
      .where(and(eq(parameters.laboratory_id, laboratoryId), inArray(parameters.parameter_id, chunk))),
  );
  // Each sample's results are in its record's month (migration 0060, decision 0034): the stamps of
  // the chunk's records, named as values, let PostgreSQL choose those months when it plans the read,
  // where the samples alone probed every month's index.
  const stampOf = new Map(recordRows.map(({ record }) => [record.record_id, record.record_created]));
  const stored = await inChunks(sampleRows, (chunk) =>
    q
      .select()
      .from(results)
      .where(
        and(
          inArray(
            results.result_sample,
            chunk.map((sample) => sample.sample_id),
          ),
          inArray(results.result_record_created, [
            ...new Set(chunk.flatMap((sample) => stampOf.get(sample.sample_record) ?? [])),
          ]),
        ),
      ),
  );
  return {
    samples: new Map(sampleRows.map((sample) => [sample.sample_number, sample])),
    records: new Map(recordRows.map((row) => [row.record.record_id, row])),
    analyses: new Map(analysisRows.map((analysis) => [analysis.analysis_id, analysis.analysis_parameters])),
    parameters: new Map(parameterRows.map((parameter) => [parameter.parameter_id, parameter])),
    results: new Map(stored.map((result) => [`${result.result_sample}/${result.result_parameter}`, result])),
  };
}
export type ImportContext = Awaited<ReturnType<typeof importContext>>;

/** The last import of the same bytes in this laboratory, if any. */
export async function previousImportOf(q: Queryable, laboratoryId: string, sha256: string) {
  const [row] = await q
    .select({ import_at: resultImports.import_at })
    .from(resultImports)
    .where(and(eq(resultImports.laboratory_id, laboratoryId), eq(resultImports.import_file_sha256, sha256)))
    .orderBy(desc(resultImports.import_at))
    .limit(1);
  return row?.import_at ?? null;
}
