import { SAMPLE_STATUS } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/open.js';
import { samples } from '../../../db/schema/records.js';
import { fail } from '../../../lib/errors.js';
import type { PlannedSample } from '../records/ordering.js';
import { samplesOrdered } from './ordered.js';

/** A sample's number: its record's, then its rank on two digits (2611220001-01). */
export const sampleNumber = (recordNumber: string, index: number) =>
  `${recordNumber}-${String(index + 1).padStart(2, '0')}`;

const keyOf = (sample: { sample_type: string | null; sample_matrix: string | null }) =>
  `${sample.sample_type ?? '-'}|${sample.sample_matrix ?? '-'}`;

/**
 * Brings a record's samples to the plan: a sample whose type and matrix are still needed keeps its
 * number (its label may be printed already) and gets the new list of analyses; new groups get new
 * samples numbered after the last; samples no longer needed are removed if nothing was done on them.
 * Samples added by hand (`/add-sample`) are not the plan's: they are neither matched, changed nor
 * removed, but their numbers count when numbering new ones.
 */
export async function syncSamples(
  tx: Tx,
  record: {
    record_id: string;
    record_number: string;
    laboratory_id: string;
    record_collection_datetime: string | null;
    record_collector: string | null;
  },
  plan: PlannedSample[],
): Promise<Array<{ sample_id: string; sample_number: string }>> {
  const existing = await tx.select().from(samples).where(eq(samples.sample_record, record.record_id));
  const byKey = new Map(
    existing.filter((sample) => !sample.sample_additional).map((sample) => [keyOf(sample), sample]),
  );
  let nextIndex = existing.reduce(
    (max, sample) => Math.max(max, Number(sample.sample_number.split('-').at(-1) ?? 0)),
    0,
  );

  for (const planned of plan) {
    const current = byKey.get(planned.key);
    byKey.delete(planned.key);
    if (current) {
      if (JSON.stringify([...current.sample_analyses].sort()) !== JSON.stringify(planned.sample_analyses)) {
        await tx
          .update(samples)
          .set({ sample_analyses: planned.sample_analyses })
          .where(eq(samples.sample_id, current.sample_id));
      }
      continue;
    }
    await tx.insert(samples).values({
      laboratory_id: record.laboratory_id,
      sample_number: sampleNumber(record.record_number, nextIndex++),
      sample_record: record.record_id,
      sample_type: planned.sample_type,
      sample_matrix: planned.sample_matrix,
      sample_analyses: planned.sample_analyses,
      sample_collection_datetime: record.record_collection_datetime,
      sample_collector: record.record_collector,
    });
  }

  const unneeded = [...byKey.values()];
  if (unneeded.some((sample) => sample.sample_status > SAMPLE_STATUS.created))
    fail('cannotChangeSelectedAnalysesStructure');
  if (unneeded.length > 0) {
    await tx.delete(samples).where(
      and(
        eq(samples.sample_record, record.record_id),
        inArray(
          samples.sample_id,
          unneeded.map((s) => s.sample_id),
        ),
      ),
    );
  }
  const after = await tx
    .select({ sample_id: samples.sample_id, sample_number: samples.sample_number })
    .from(samples)
    .where(eq(samples.sample_record, record.record_id))
    .orderBy(samples.sample_number);
  // Analysers in download mode get the tests they were not sent yet (issue 41).
  await samplesOrdered(
    tx,
    record.laboratory_id,
    after.map((sample) => sample.sample_id),
  );
  return after;
}
