import { isFrozenRecord, RECORD_STATUS, SAMPLE_DONE } from '@sil/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../../db/open.js';
import { records, samples } from '../../../db/schema/records.js';
import { followSamples, moveSampleStatus } from '../statuses.js';
import { analysesWithoutResults } from './queries.js';

/**
 * Samples advance by themselves (issue 40): a sample of the record whose ordered analyses all have
 * their results, or are marked not performed (ANE), is complete ('removed') and its record follows
 * (pending validation once every sample is), in the transaction that entered the last result or
 * ANE. The step is the bench's own (`sampleProgress`), signed and traced by the samples' triggers
 * as a step taken by hand. A record that may not move (pre-registered, locked, cancelled, sent) and
 * a sample without an analysis are left as they are: the save that called this still succeeds.
 * The record is locked first, so that two benches saving two samples of one record take turns.
 * Returns the numbers of the samples completed.
 */
export async function completeFinishedSamples(tx: Tx, recordId: string): Promise<string[]> {
  const [record] = await tx.select().from(records).where(eq(records.record_id, recordId)).for('update');
  if (!record || record.record_locked || isFrozenRecord(record)) return [];
  if (record.record_status < RECORD_STATUS.registered) return [];
  const open = await tx
    .select()
    .from(samples)
    .where(and(eq(samples.sample_record, recordId), lt(samples.sample_status, SAMPLE_DONE)))
    .orderBy(samples.sample_number);
  const completed: string[] = [];
  for (const sample of open) {
    if (sample.sample_analyses.length === 0) continue;
    if ((await analysesWithoutResults(tx, sample)).length > 0) continue;
    await moveSampleStatus(tx, sample, record, SAMPLE_DONE, 'sampleProgress');
    completed.push(sample.sample_number);
  }
  if (completed.length > 0) await followSamples(tx, recordId, 'sampleProgress');
  return completed;
}

/**
 * The same for the records of some samples (an instrument file's), one record at a time in the
 * order of their ids, so that two imports touching the same records lock them in the same order.
 */
export async function completeFinishedSamplesOf(tx: Tx, sampleIds: readonly string[]): Promise<string[]> {
  if (sampleIds.length === 0) return [];
  const owners = await tx
    .selectDistinct({ record_id: samples.sample_record })
    .from(samples)
    .where(inArray(samples.sample_id, [...sampleIds]))
    .orderBy(samples.sample_record);
  const completed: string[] = [];
  for (const { record_id } of owners) completed.push(...(await completeFinishedSamples(tx, record_id)));
  return completed;
}
