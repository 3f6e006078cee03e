import { z } from 'zod';
import { optionalRowId, optionalStamp, rowId, stamp } from './stamps.js';

const note = z.string().nullable();

/** A sample (technique) as stored; samples are created and changed by the system, not by a form. */
export const SampleRow = z.object({
  sample_id: rowId,
  sample_number: z.string(),
  sample_record: rowId,
  sample_type: optionalRowId,
  sample_matrix: optionalRowId,
  sample_analyses: z.array(z.uuid()),
  sample_status: z.number().int(),
  sample_collection_datetime: optionalStamp,
  sample_collector: optionalRowId,
  sample_linked_sample: optionalRowId,
  /** Added by hand (`/add-sample`), not planned from the ordered analyses: re-planning leaves it. */
  sample_additional: z.boolean(),
  sample_observations: note,
  sample_interpretation: note,
  sample_nct_active: z.boolean(),
  sample_nct_code: note,
  sample_nct_description: note,
  sample_nct_solution: note,
  sample_lbloc_flag: z.boolean(),
  sample_lbloc_description: note,
  sample_machine: optionalRowId,
  sample_prepared_by: optionalRowId,
  sample_prepared_at: optionalStamp,
  sample_injected_by: optionalRowId,
  sample_injected_at: optionalStamp,
  sample_removed_by: optionalRowId,
  sample_removed_at: optionalStamp,
  sample_validated_by: optionalRowId,
  sample_validated_at: optionalStamp,
  sample_last_updated: stamp,
});
export type SampleRow = z.output<typeof SampleRow>;

/** The progress steps a sample can take, in the order of the bench (spec.md §3 'Sample progress'). */
export const SAMPLE_STEPS = ['prepared', 'injected', 'removed', 'validated'] as const;
export type SampleStep = (typeof SAMPLE_STEPS)[number];

/** A progress step a sample took: when, and who took it by name (null when the user is gone). */
export const SampleStepTaken = z.object({
  step: z.enum(SAMPLE_STEPS),
  at: stamp,
  by: z.string().nullable(),
});
export type SampleStepTaken = z.output<typeof SampleStepTaken>;

/**
 * A sample as the samples list shows it (issue 40): how many of its results are entered out of
 * those its analyses measure (an analysis marked not performed, ANE, expects none), whether one
 * of them carries a flag a report marks (low, high, toxic, deadly), and the progress steps it took
 * with who and when, in the bench's order (the list is the laboratory's own: staff only).
 */
export const SampleListRow = SampleRow.extend({
  sample_results: z.object({ entered: z.number().int(), expected: z.number().int() }),
  sample_abnormal: z.boolean(),
  sample_steps: z.array(SampleStepTaken),
});
export type SampleListRow = z.output<typeof SampleListRow>;
