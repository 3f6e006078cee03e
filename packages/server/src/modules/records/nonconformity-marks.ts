import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { records, samples } from '../../db/schema/records.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import type { RecordRow } from './scope.js';

type SampleRow = typeof samples.$inferSelect;

/** What non-conformities mark on a record: its LBloc. */
export type RecordMarks = Partial<
  Pick<typeof records.$inferInsert, 'record_lbloc_flag' | 'record_lbloc_description'>
>;

/** What non-conformities mark on a sample: its NCT and its LBloc. */
export type SampleMarks = Partial<
  Pick<
    typeof samples.$inferInsert,
    | 'sample_nct_active'
    | 'sample_nct_code'
    | 'sample_nct_description'
    | 'sample_nct_solution'
    | 'sample_lbloc_flag'
    | 'sample_lbloc_description'
  >
>;

/**
 * Marks a record the caller has locked, as the user saw it at `stamp` (record_last_updated): a record
 * changed since is refused (recordNotFound, as every stale stamp of a record).
 */
export function markRecord(tx: Tx, record: RecordRow, stamp: string, marks: RecordMarks): Promise<RecordRow> {
  return updateIfUnchanged(
    tx,
    records,
    {
      idColumn: records.record_id,
      id: record.record_id,
      stampColumn: records.record_last_updated,
      stamp,
      scope: eq(records.laboratory_id, record.laboratory_id),
    },
    marks,
    'recordNotFound',
  );
}

/** Marks a sample the caller has locked, as the user saw it at `stamp` (sample_last_updated). */
export function markSample(tx: Tx, sample: SampleRow, stamp: string, marks: SampleMarks): Promise<SampleRow> {
  return updateIfUnchanged(
    tx,
    samples,
    {
      idColumn: samples.sample_id,
      id: sample.sample_id,
      stampColumn: samples.sample_last_updated,
      stamp,
      scope: eq(samples.laboratory_id, sample.laboratory_id),
    },
    marks,
    'sampleNotFound',
  );
}

/** record_unresolved_nca follows the record's NCAs: set while one waits for its solution. */
export async function setUnresolvedNca(tx: Tx, record: RecordRow, unresolved: boolean): Promise<void> {
  if (unresolved !== record.record_unresolved_nca)
    await tx
      .update(records)
      .set({ record_unresolved_nca: unresolved })
      .where(eq(records.record_id, record.record_id));
}
