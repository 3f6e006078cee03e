import type { RecordRow, SampleRow } from '@sil/contract';

/** A sample of an earlier record, with the analyses it was taken for. */
export interface LinkedSample {
  id: string;
  number: string;
  analysisIds: string[];
}

/**
 * The samples of an earlier record (as get-patient-history answers them), each with its analyses.
 * Analyses the record ordered that no sample carries (a record saved before its samples were
 * made) come last under an empty sample number, so every analysis of the record can be linked.
 */
export function samplesOfRecord(
  record: Pick<RecordRow, 'record_id' | 'record_selected_analyses'> & {
    samples: ReadonlyArray<Pick<SampleRow, 'sample_id' | 'sample_number' | 'sample_analyses'>>;
  },
): LinkedSample[] {
  const samples = record.samples.map(
    (sample): LinkedSample => ({
      id: sample.sample_id,
      number: sample.sample_number,
      analysisIds: sample.sample_analyses,
    }),
  );
  const carried = new Set(samples.flatMap((sample) => sample.analysisIds));
  const loose = [...new Set(record.record_selected_analyses.flatMap((entry) => entry.analysis_ids))].filter(
    (id) => !carried.has(id),
  );
  return loose.length > 0
    ? [...samples, { id: `${record.record_id}-unsampled`, number: '', analysisIds: loose }]
    : samples;
}

export type LinkOutcome =
  | { kind: 'added'; combinations: string[][] }
  /** Already in one of the five combinations: not added a second time. */
  | { kind: 'alreadySelected' }
  /** Hidden (internal) or no longer in the catalogue: it cannot be ordered (cannotOrderHiddenAnalyses). */
  | { kind: 'notOrderable' };

/**
 * Linking an analysis of an earlier record to the record being entered (spec.md §2 'Linked records
 * and samples'): it joins Combination 1, the combination a record starts with, unless the record
 * already has it in any combination or it may not be ordered.
 */
export function linkAnalysis(
  combinations: readonly (readonly string[])[],
  analysisId: string,
  orderable: ReadonlySet<string>,
): LinkOutcome {
  if (!orderable.has(analysisId)) return { kind: 'notOrderable' };
  if (combinations.some((ids) => ids.includes(analysisId))) return { kind: 'alreadySelected' };
  const next = combinations.map((ids) => [...ids]);
  if (next.length === 0) next.push([]);
  next[0] = [...(next[0] ?? []), analysisId];
  return { kind: 'added', combinations: next };
}
