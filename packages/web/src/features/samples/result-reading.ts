import {
  calculateResult,
  chooseReferenceRange,
  type FormulaErrorCode,
  isOutOfBounds,
  type ParameterRow,
  plausibleBoundsOf,
  type ReferenceRangeCategory,
  type ResultFlag,
  type ResultParameter,
  type ResultPatient,
  type ResultRow,
  readResult,
  type SampleResultLine,
} from '@sil/contract';
import { parseTypedNumber } from '../../lib/format/numbers';

/** A parameter's definition as the contract's reading of results takes it. */
export function resultParameterOf(row: ParameterRow): ResultParameter {
  return {
    parameter_decimals: row.parameter_decimals ?? null,
    parameter_lower_detection_limit: row.parameter_lower_detection_limit ?? null,
    parameter_upper_detection_limit: row.parameter_upper_detection_limit ?? null,
    parameter_plausible_min: row.parameter_plausible_min ?? null,
    parameter_plausible_max: row.parameter_plausible_max ?? null,
    parameter_positivity_threshold: row.parameter_positivity_threshold ?? null,
    parameter_has_formula: row.parameter_has_formula ?? false,
    parameter_formula: row.parameter_formula ?? null,
    parameter_formula_male: row.parameter_formula_male ?? null,
    parameter_formula_female: row.parameter_formula_female ?? null,
    parameter_default_range_only: row.parameter_default_range_only ?? false,
    parameter_ranges: row.parameter_ranges ?? [],
    parameter_zones: row.parameter_zones ?? {},
  };
}

export interface Bounds {
  min: number | null;
  max: number | null;
}

/** What the bench shows of one result, typed or saved: the same shape whichever it comes from. */
export interface Shown {
  /** The measure as a number; null for a text (qualitative) result or an empty line. */
  value: number | null;
  text: string | null;
  calculated: number | null;
  censored: '<' | '>' | null;
  population: ReferenceRangeCategory | null;
  range: Bounds | null;
  calculatedRange: Bounds | null;
  flags: ResultFlag[];
  /** Why the formula gave no value; the measure is then read against the raw range. */
  calculationError: { code: FormulaErrorCode; detail: string | null } | null;
  /** The measure cannot be a result of this parameter: the server refuses it (outOfBounds). */
  outOfBounds: boolean;
  /** When outOfBounds, the plausibility limits it is outside of, for the bench to say what is expected. */
  plausibleBounds: Bounds | null;
}

/** A line with nothing read yet. */
export const EMPTY_SHOWN: Shown = {
  value: null,
  text: null,
  calculated: null,
  censored: null,
  population: null,
  range: null,
  calculatedRange: null,
  flags: [],
  calculationError: null,
  outOfBounds: false,
  plausibleBounds: null,
};

/** What a typed text sends: a number in the screen's language, else a qualitative text. */
export function typedResult(text: string, language: string): { value: number | null; text: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, text: null };
  const value = parseTypedNumber(trimmed, language);
  return value === null ? { value: null, text: trimmed } : { value, text: null };
}

/**
 * A saved result as its reading was stored. The range as written on the parameter is the raw range
 * of a measure, and the range of a result calculated from others (written in the calculated unit);
 * a converted measure's range in the calculated unit is the stored range beside its value.
 */
export function shownOfStored(
  result: ResultRow,
  calculationError: FormulaErrorCode | null,
  detail: string | null = null,
  fromOthers = false,
): Shown {
  const bounds = (min: number | null, max: number | null) =>
    min !== null || max !== null ? { min, max } : null;
  const reported = bounds(result.result_range_min, result.result_range_max);
  const converted = !fromOthers && result.result_calculated !== null;
  return {
    ...EMPTY_SHOWN,
    value: result.result_value,
    text: result.result_text,
    calculated: result.result_calculated,
    censored: result.result_censored,
    population: result.result_population,
    range: fromOthers ? reported : bounds(result.result_raw_range_min, result.result_raw_range_max),
    calculatedRange: converted ? reported : null,
    flags: result.result_flags,
    calculationError: calculationError ? { code: calculationError, detail } : null,
  };
}

/** Whether a line is calculated from the record's other results: it takes no typed value. */
export const isCalculatedLine = (line: SampleResultLine) => line.calculation_inputs !== null;

/** What another formula reads of a line's reading: its reported value, none for a text or a '< x'. */
export function reportedOfShown(shown: Shown): number | null {
  if (shown.censored || shown.text !== null) return null;
  return shown.calculated ?? shown.value;
}

/**
 * The live reading of a calculated line (LDL by Friedewald) with the contract's rule, as the server
 * will store it: its inputs are the values saved on the record, replaced by the readings of what is
 * typed on this sample (`typed`, by parameter id) so that the value follows the typing.
 */
export function calculatedPreview(
  line: SampleResultLine,
  typed: ReadonlyMap<string, number | null>,
  definition: ResultParameter,
  patient: ResultPatient,
  matrixId: string | null,
): Shown {
  const inputs = new Map(
    (line.calculation_inputs ?? []).map((input) => [
      input.parameter_code,
      typed.has(input.parameter_id) ? (typed.get(input.parameter_id) ?? null) : input.value,
    ]),
  );
  const reading = calculateResult(definition, inputs, patient, matrixId);
  if (!reading.ok)
    return {
      ...rangeOnly(definition, patient, matrixId),
      calculationError: { code: reading.error, detail: reading.detail },
    };
  return {
    ...EMPTY_SHOWN,
    calculated: reading.calculated,
    censored: reading.censored,
    population: reading.range?.population ?? null,
    range: reading.range ? { min: reading.range.range.min, max: reading.range.range.max } : null,
    flags: reading.flags,
  };
}

/**
 * The range that applies before anything is typed (or beside a text result), so that the bench
 * shows what the technician compares with; its calculated bounds come from reading a bound itself.
 */
function rangeOnly(definition: ResultParameter, patient: ResultPatient, matrixId: string | null): Shown {
  const chosen = chooseReferenceRange(
    definition.parameter_ranges,
    matrixId,
    patient,
    definition.parameter_default_range_only,
  );
  if (!chosen) return EMPTY_SHOWN;
  const bound = chosen.range.min ?? chosen.range.max;
  const reading = bound === null ? null : readResult(bound, definition, patient, matrixId);
  return {
    ...EMPTY_SHOWN,
    population: chosen.population,
    range: { min: chosen.range.min, max: chosen.range.max },
    calculatedRange: reading?.ok ? reading.calculatedRange : null,
  };
}

/**
 * The live reading of a typed text with the contract's rules (formula, detection limits, range of
 * the patient's population, flags): what the server will store when it is saved. A formula that
 * cannot be calculated keeps the measure, read against the raw range, as the server does.
 */
export function previewOf(
  text: string,
  language: string,
  definition: ResultParameter,
  patient: ResultPatient,
  matrixId: string | null,
): Shown {
  const typed = typedResult(text, language);
  if (typed.value === null) return { ...rangeOnly(definition, patient, matrixId), text: typed.text };
  const value = typed.value;
  if (isOutOfBounds(value, definition))
    return { ...EMPTY_SHOWN, value, outOfBounds: true, plausibleBounds: plausibleBoundsOf(definition) };
  const reading = readResult(value, definition, patient, matrixId);
  if (reading.ok) {
    return {
      ...EMPTY_SHOWN,
      value: reading.raw,
      calculated: reading.calculated,
      censored: reading.censored,
      population: reading.range?.population ?? null,
      range: reading.range ? { min: reading.range.range.min, max: reading.range.range.max } : null,
      calculatedRange: reading.calculatedRange,
      flags: reading.flags,
    };
  }
  const plain = readResult(value, { ...definition, parameter_has_formula: false }, patient, matrixId);
  const failure = { code: reading.error, detail: reading.detail };
  if (!plain.ok) return { ...EMPTY_SHOWN, value, calculationError: failure };
  return {
    ...EMPTY_SHOWN,
    value: plain.raw,
    censored: plain.censored,
    population: plain.range?.population ?? null,
    range: plain.range ? { min: plain.range.range.min, max: plain.range.range.max } : null,
    flags: plain.flags,
    calculationError: failure,
  };
}

/** The text a saved result shows in its input: the measure in the screen's language, or its text. */
export function storedText(result: ResultRow | null, format: (value: number) => string): string {
  if (!result) return '';
  if (result.result_value !== null) return format(result.result_value);
  return result.result_text ?? '';
}

/** Whether a line's typed text differs from what is saved (a change to send). */
export function isChanged(line: SampleResultLine, text: string, language: string): boolean {
  if (isCalculatedLine(line)) return false;
  const typed = typedResult(text, language);
  const saved = line.result;
  if (!saved) return typed.value !== null || typed.text !== null;
  return typed.value !== saved.result_value || typed.text !== saved.result_text;
}

/** The flags that say a result is outside the patient's range (the warning of spec.md §5). */
export const isOutOfRange = (shown: Shown) => shown.flags.includes('low') || shown.flags.includes('high');
