import { z } from 'zod';
import { RESULT_FLAGS } from '../results/interpret.js';
import { optionalStamp, rowId } from '../rows/stamps.js';

const amount = z.number().nullable();

/** A value as a report prints it: the number (converted if so), or the text of a qualitative result. */
const ReportedValue = z.object({
  result_value: amount,
  result_text: z.string().nullable(),
  result_calculated: amount,
  result_censored: z.enum(['<', '>']).nullable(),
  result_unit: z.string().nullable(),
});

/**
 * One validated result of a record as its report prints it (issue 40), for the prescriber portal:
 * the value and unit, the range applied in that unit, the flags, and the patient's previous
 * validated value with its collection date. Only validated samples, never a hidden parameter or an
 * analysis hidden in the report, and nothing of who entered it (decision 0012).
 */
export const ValidatedResultLine = ReportedValue.extend({
  analysis_id: rowId,
  analysis_name: z.string(),
  parameter_id: rowId,
  parameter_name: z.string(),
  parameter_decimals: z.number().int().nullable(),
  result_range_min: amount,
  result_range_max: amount,
  result_flags: z.array(z.enum(RESULT_FLAGS)),
  anteriority: ReportedValue.extend({ collected_at: optionalStamp }).nullable(),
});
export type ValidatedResultLine = z.output<typeof ValidatedResultLine>;
