import { z } from 'zod';
import { type ResultParameter, type ResultPatient, readResult, roundTo } from './interpret.js';

/**
 * Delta checks (issue 40): a parameter may carry a limit on how far a patient's result may move
 * from the previous validated one within a number of days, as an amount in the unit the result is
 * reported in (a haemoglobin that drops by more than 2 g/dL) or as a percentage of the previous
 * value (a creatinine up by more than 50 %). A breach is not an error: it flags the result for the
 * biologist (a mislabelled tube, a sample drawn above a drip, or a real change worth a call).
 */
export const DELTA_KINDS = ['absolute', 'percent'] as const;
export type DeltaKind = (typeof DELTA_KINDS)[number];
export const deltaKindSchema = z.enum(DELTA_KINDS);

/** The longest window a laboratory may write: ten years, beyond which a 'previous' is history. */
export const MAX_DELTA_WINDOW_DAYS = 3650;

/** A parameter's delta limit as stored: all three fields written, or none (deltaLimitProblems). */
export interface DeltaLimitFields {
  parameter_delta_kind?: DeltaKind | null | undefined;
  parameter_delta_limit?: number | null | undefined;
  parameter_delta_window_days?: number | null | undefined;
}

export interface DeltaLimit {
  kind: DeltaKind;
  /** An amount in the reported unit ('absolute') or a percentage of the previous value ('percent'). */
  limit: number;
  windowDays: number;
}

const present = (value: unknown): boolean => value !== null && value !== undefined;

/**
 * Which of a parameter's delta fields to fix: a limit needs its kind and its window, and neither
 * means anything without a limit (half a rule would check nothing while looking set). The form
 * shows these live; the server refuses them with invalidDeltaLimit and the database holds the rule.
 */
export function deltaLimitProblems(fields: { [K in keyof DeltaLimitFields]: unknown }): string[] {
  const written = [
    ['parameter_delta_kind', fields.parameter_delta_kind],
    ['parameter_delta_limit', fields.parameter_delta_limit],
    ['parameter_delta_window_days', fields.parameter_delta_window_days],
  ] as const;
  if (written.every(([, value]) => !present(value))) return [];
  return written.filter(([, value]) => !present(value)).map(([name]) => name);
}

/** The parameter's delta limit, or null when it has none (or an incomplete one). */
export function deltaLimitOf(fields: DeltaLimitFields): DeltaLimit | null {
  const kind = fields.parameter_delta_kind;
  const limit = fields.parameter_delta_limit;
  const windowDays = fields.parameter_delta_window_days;
  if (!kind || limit === null || limit === undefined || windowDays === null || windowDays === undefined)
    return null;
  return { kind, limit, windowDays };
}

/**
 * The comparison of a result with the patient's previous validated one, both in `unit`: what the
 * bench and the validation screen show, and what rule-assisted validation reads (`breach`).
 */
export const DeltaCheck = z.object({
  kind: deltaKindSchema,
  limit: z.number(),
  window_days: z.number().int(),
  /** The unit both values are compared in: the unit the current result is reported in. */
  unit: z.string().nullable(),
  previous_value: z.number(),
  previous_collected_at: z.string().nullable(),
  previous_record_id: z.uuid(),
  previous_record_number: z.string(),
  /** Current minus previous, in `unit`. */
  delta: z.number(),
  /** The change as a percentage of the previous value; null when the previous value is 0. */
  delta_percent: z.number().nullable(),
  /** The change exceeds the limit: the result needs the biologist's eye. */
  breach: z.boolean(),
});
export type DeltaCheck = z.output<typeof DeltaCheck>;

/** A result as its reading was stored: the reported number is the calculated one when there is one. */
export interface ComparedResult {
  result_value: number | null;
  result_calculated: number | null;
  result_censored: '<' | '>' | null;
  result_text: string | null;
  result_unit: string | null;
}

/** The patient's previous validated result (the line's anteriority). */
export interface PreviousResult extends ComparedResult {
  record_id: string;
  record_number: string;
  collected_at: string | null;
}

/** What of the parameter converts a measure into the reported unit: its units and its formula. */
export type DeltaParameter = ResultParameter &
  DeltaLimitFields & { parameter_unit: string | null; parameter_unit_after_calc: string | null };

const DAY_MS = 86_400_000;
/** Units compare as laboratories write them: 'mmol/L' and 'mmol/l' are one unit, 'µ' and 'u' too. */
const unitKey = (unit: string | null) => (unit ?? '').replace(/\s+/g, '').replace(/[µμ]/g, 'u').toLowerCase();
const sameUnit = (a: string | null, b: string | null) => unitKey(a) === unitKey(b);

/** The number a result reports, when it is one: not a text, not a '< limit'. */
function reportedNumber(result: ComparedResult): number | null {
  if (result.result_censored !== null || result.result_text) return null;
  return result.result_calculated ?? result.result_value;
}

/**
 * The previous result's value in `unit`, the unit the current result is reported in; null when it
 * cannot be brought there. The one conversion between a parameter's units is its formula (a glucose
 * typed in g/L, reported in mmol/L by `x * 5.551`): a previous result stored in the measured unit
 * (before the formula was written, or when it could not be calculated) is passed through it with
 * readResult, the rule every reading of a measure follows; one stored converted while the current
 * is reported in the measured unit is compared by its measure. Any other unit is not compared.
 */
export function previousInUnit(
  previous: ComparedResult,
  unit: string | null,
  parameter: DeltaParameter,
  patient: ResultPatient,
  matrixId: string | null,
): number | null {
  const reported = reportedNumber(previous);
  if (reported === null) return null;
  if (sameUnit(previous.result_unit, unit)) return reported;
  const measured = previous.result_value;
  if (measured === null) return null;
  const calculatedUnit = parameter.parameter_unit_after_calc ?? parameter.parameter_unit;
  if (sameUnit(previous.result_unit, parameter.parameter_unit) && sameUnit(unit, calculatedUnit)) {
    const reading = readResult(measured, parameter, patient, matrixId);
    return reading.ok && reading.reportedIn === 'calculated' ? reading.reported : null;
  }
  if (previous.result_calculated !== null && sameUnit(unit, parameter.parameter_unit)) return measured;
  return null;
}

/**
 * The delta check of a result against the patient's previous validated one: null when the
 * parameter has no delta limit, when either result is not a number (a text, a '< limit'), when the
 * previous one was collected more than the window's days before this one, or when its unit cannot
 * be brought to this one's. An 'absolute' limit is breached when the change exceeds it either way;
 * a 'percent' limit when the change exceeds that share of the previous value, and by any change
 * from a previous 0 (no percentage measures it).
 */
export function deltaCheckOf(input: {
  current: ComparedResult;
  collectedOn: string;
  previous: PreviousResult | null;
  parameter: DeltaParameter;
  patient: ResultPatient;
  matrixId: string | null;
}): DeltaCheck | null {
  const { current, previous, parameter } = input;
  const limit = deltaLimitOf(parameter);
  if (!limit || !previous || previous.collected_at === null) return null;
  const value = reportedNumber(current);
  if (value === null) return null;
  const elapsed = new Date(input.collectedOn).getTime() - new Date(previous.collected_at).getTime();
  if (!(elapsed >= 0 && elapsed <= limit.windowDays * DAY_MS)) return null;
  const unit = current.result_unit;
  const before = previousInUnit(previous, unit, parameter, input.patient, input.matrixId);
  if (before === null) return null;
  // Rounded to what a result stores (6 decimals), so that a change equal to the limit, computed
  // in binary (12.4 - 9.1 = 3.3000000000000007), is not read as above it.
  const delta = roundTo(value - before, 6);
  const percent = before === 0 ? null : roundTo((Math.abs(delta) / Math.abs(before)) * 100, 6);
  const breach =
    limit.kind === 'absolute'
      ? Math.abs(delta) > limit.limit
      : percent === null
        ? delta !== 0
        : percent > limit.limit;
  return {
    kind: limit.kind,
    limit: limit.limit,
    window_days: limit.windowDays,
    unit,
    previous_value: before,
    previous_collected_at: previous.collected_at,
    previous_record_id: previous.record_id,
    previous_record_number: previous.record_number,
    delta,
    delta_percent: percent === null ? null : delta < 0 ? -percent : percent,
    breach,
  };
}
