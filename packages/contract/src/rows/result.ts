import { z } from 'zod';
import { referenceRangeCategorySchema } from '../enums.js';
import { FORMULA_ERROR_CODES } from '../formula.js';
import { DeltaCheck } from '../results/delta-check.js';
import { RESULT_FLAGS } from '../results/interpret.js';
import { SampleRow } from './sample.js';
import { optionalStamp, rowId, stamp } from './stamps.js';

const amount = z.number().nullable();

/** A stored result (migration 0017) and what was read from it when it was entered. */
export const ResultRow = z.object({
  result_id: rowId,
  result_sample: rowId,
  result_parameter: rowId,
  result_value: amount,
  result_text: z.string().nullable(),
  result_calculated: amount,
  result_censored: z.enum(['<', '>']).nullable(),
  result_unit: z.string().nullable(),
  result_population: referenceRangeCategorySchema.nullable(),
  /** The range applied, in `result_unit`: the unit of the number reported beside it. */
  result_range_min: amount,
  result_range_max: amount,
  /** The same range as written on the parameter, in the measured unit; null for a calculated one. */
  result_raw_range_min: amount,
  result_raw_range_max: amount,
  result_flags: z.array(z.enum(RESULT_FLAGS)),
  /** Null when an analyser sent it (issue 41): its machine is then named in `result_entered_by_name`. */
  result_entered_by: rowId.nullable(),
  /** The name of who entered or last changed it, for the bench and the trace. */
  result_entered_by_name: z.string(),
  result_entered_at: stamp,
  result_last_updated: stamp,
  /** Sent by an analyser (issue 41): the machine, when it measured it, and the flags it gave. */
  result_machine: rowId.nullish(),
  result_run_at: stamp.nullish(),
  result_analyser_flags: z.array(z.string()).nullish(),
});
export type ResultRow = z.output<typeof ResultRow>;

/** The patient's previous validated result for the same parameter, on an earlier record. */
export const Anteriority = z.object({
  record_id: rowId,
  record_number: z.string(),
  collected_at: optionalStamp,
  result_value: amount,
  result_text: z.string().nullable(),
  result_calculated: amount,
  result_censored: z.enum(['<', '>']).nullable(),
  result_unit: z.string().nullable(),
});
export type Anteriority = z.output<typeof Anteriority>;

/** A result another parameter's formula reads (`$CT`), as the record reports it; null when absent. */
export const CalculationInput = z.object({
  parameter_id: rowId,
  parameter_code: z.string(),
  parameter_name: z.string(),
  value: amount,
});
export type CalculationInput = z.output<typeof CalculationInput>;

/** One parameter to measure on a sample, in the order of its analyses, with its result if entered. */
export const SampleResultLine = z.object({
  analysis_id: rowId,
  analysis_name: z.string(),
  parameter_id: rowId,
  parameter_name: z.string(),
  /**
   * The parameter's code in the catalogue (`GLU`), the reference analysers, imports and the exchange
   * formats know it by: the bench's 'reference' column (spec.md §2 'Manually update sample'). The
   * server always sends it (null when the parameter has none); absent only from lines built by hand.
   */
  parameter_code: z.string().nullable().optional(),
  parameter_unit: z.string().nullable(),
  parameter_unit_after_calc: z.string().nullable(),
  parameter_decimals: z.number().int().nullable(),
  result: ResultRow.nullable(),
  /** Why the parameter's formula gave no value for this patient (a missing weight, say). */
  calculation_error: z.enum(FORMULA_ERROR_CODES).nullable(),
  /** What the error names: the missing input (`$HDL`) or the condition not met (`$TG < 4.5`). */
  calculation_detail: z.string().nullable(),
  /**
   * For a parameter calculated from the record's other results (its formula reads `$CODE`), the
   * results it reads, in the formula's order of codes; null for a measured parameter. Such a line
   * takes no typed value: the server calculates it whenever one of its inputs is saved.
   */
  calculation_inputs: z.array(CalculationInput).nullable(),
  anteriority: Anteriority.nullable(),
  /**
   * The result against the anteriority when the parameter has a delta limit and the anteriority
   * falls within its window (deltaCheckOf); `delta_check.breach` is the delta flag. Null when there
   * is nothing to compare: no limit, no numeric result, no previous one in the window. The server
   * always sends it; it may be absent only from lines built by hand (screen tests' fixtures).
   */
  delta_check: DeltaCheck.nullable().optional(),
});
export type SampleResultLine = z.output<typeof SampleResultLine>;

export const SampleResults = z.object({ sample: SampleRow, lines: z.array(SampleResultLine) });
export type SampleResults = z.output<typeof SampleResults>;

/**
 * One result in a patient's history: when its sample was collected, on which record and sample,
 * for which analysis and parameter, the value as read when entered, and whether it is validated.
 */
export const PatientResultRow = z.object({
  result_id: rowId,
  record_id: rowId,
  record_number: z.string(),
  sample_id: rowId,
  sample_number: z.string(),
  collected_at: optionalStamp,
  analysis_name: z.string().nullable(),
  parameter_id: rowId,
  parameter_name: z.string(),
  result_value: amount,
  result_text: z.string().nullable(),
  result_calculated: amount,
  result_censored: z.enum(['<', '>']).nullable(),
  result_unit: z.string().nullable(),
  result_flags: z.array(z.enum(RESULT_FLAGS)),
  /** The sample is validated (or its report sent): the result no longer changes but by invalidation. */
  result_validated: z.boolean(),
});
export type PatientResultRow = z.output<typeof PatientResultRow>;
