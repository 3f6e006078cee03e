import {
  checkFormula,
  evaluateFormula,
  type FormulaErrorCode,
  type FormulaScope,
  referenceSymbol,
} from '../formula.js';
import {
  ageOn,
  type ChosenRange,
  chooseReferenceRange,
  type PatientConditions,
  type ReferenceRange,
} from './reference-range.js';

/** What of a parameter the reading of a numeric result needs (spec.md §3 'Parameter'). */
export interface ResultParameter {
  parameter_decimals: number | null;
  parameter_lower_detection_limit: number | null;
  parameter_upper_detection_limit: number | null;
  /** Plausibility limits, in the measured unit: what the parameter can physically be (isOutOfBounds). */
  parameter_plausible_min: number | null;
  parameter_plausible_max: number | null;
  parameter_positivity_threshold: number | null;
  parameter_has_formula: boolean;
  parameter_formula: string | null;
  parameter_formula_male: string | null;
  parameter_formula_female: string | null;
  parameter_default_range_only: boolean;
  parameter_ranges: readonly ReferenceRange[];
  parameter_zones: Partial<Record<ResultZone, { min: number | null; max: number | null }>>;
}

export const RESULT_ZONES = ['therapeutic', 'toxic', 'deadly'] as const;
export type ResultZone = (typeof RESULT_ZONES)[number];

export interface ResultPatient extends PatientConditions {
  weightKg: number | null;
  heightCm: number | null;
}

/**
 * What a result says beside its value. 'low' and 'high' compare with the chosen range; a value
 * beyond a detection limit is reported as '< limit' or '> limit' and flagged low or high only when
 * the limit itself is outside the range.
 */
export const RESULT_FLAGS = [
  'low',
  'high',
  'belowDetection',
  'aboveDetection',
  'positive',
  'negative',
  ...RESULT_ZONES,
] as const;
export type ResultFlag = (typeof RESULT_FLAGS)[number];

/**
 * The flags that make a result out of range: those the report marks beside the value (H, L, * and
 * ** of @sil/documents' RESULT_MARKS). A record with such a validated result is 'abnormal'.
 */
export const ABNORMAL_RESULT_FLAGS = [
  'low',
  'high',
  'toxic',
  'deadly',
] as const satisfies readonly ResultFlag[];

/** The bounds of a range in one unit; either may be open. */
export interface RangeBounds {
  min: number | null;
  max: number | null;
}

export interface ReadResult {
  ok: true;
  /** The value as measured, rounded to the parameter's decimals. */
  raw: number;
  /**
   * The formula's value, rounded; null without a formula. When the measure is censored it is the
   * detection limit passed through the formula (so '< 0.10 g/L' reads '< 0.56 mmol/L'), unless the
   * formula does not grow with the measure there: '<' would then turn into '>', and the limit is
   * reported in the measured unit instead.
   */
  calculated: number | null;
  /** '<' or '>' when the measure is beyond a detection limit and the limit is what is reported. */
  censored: '<' | '>' | null;
  /** The number reported: the calculated value when there is one, else the limit or the measure. */
  reported: number;
  /** The unit `reported` is in: the unit after calculation exactly when `calculated` is not null. */
  reportedIn: 'measured' | 'calculated';
  /** The chosen range, as written on the parameter: in the measured unit. */
  range: ChosenRange | null;
  /** The chosen range passed through the formula (the 'calculated reference range'). */
  calculatedRange: RangeBounds | null;
  /**
   * The range in the unit of `reported`, the one every surface prints beside the value: the
   * calculated range when the value is calculated, else the chosen range. Null when the formula
   * cannot convert a bound: no range is printed rather than one in the other unit.
   */
  reportedRange: RangeBounds | null;
  flags: ResultFlag[];
}
export interface FormulaFailure {
  ok: false;
  error: FormulaErrorCode;
  detail: string;
}

/** Rounds half away from zero on the decimal digits, not on the binary double (1.005 → 1.01). */
export function roundTo(value: number, decimals: number | null): number {
  if (decimals === null) return value;
  const magnitude = Math.abs(value);
  const rounded = Number(`${Math.round(Number(`${magnitude}e${decimals}`))}e-${decimals}`);
  const signed = value < 0 ? -rounded : rounded;
  return signed === 0 ? 0 : signed;
}

/** The formula for the patient's sex when the parameter has one, else the common formula. */
export function formulaFor(parameter: ResultParameter, gender: PatientConditions['gender']): string | null {
  if (!parameter.parameter_has_formula) return null;
  const specific =
    gender === 'M'
      ? parameter.parameter_formula_male
      : gender === 'F'
        ? parameter.parameter_formula_female
        : null;
  const chosen = specific?.trim() ? specific : parameter.parameter_formula;
  return chosen?.trim() ? chosen : null;
}

function scopeOf(patient: ResultPatient, x: number | null): FormulaScope {
  const age = patient.birthDate ? ageOn(patient.birthDate, patient.collectedOn) : null;
  return {
    x,
    age: age?.years ?? null,
    weight: patient.weightKg,
    height: patient.heightCm,
    sex: patient.gender === 'M' ? 1 : patient.gender === 'F' ? 0 : null,
    pregnant: patient.pregnant ? 1 : 0,
  };
}

function inside(bounds: { min: number | null; max: number | null }, value: number): boolean {
  return (bounds.min === null || value >= bounds.min) && (bounds.max === null || value <= bounds.max);
}

function rangeFlags(
  range: ReferenceRange | undefined,
  value: number,
  censored: ReadResult['censored'],
): ResultFlag[] {
  if (!range) return [];
  const below = range.min !== null && value < range.min;
  const above = range.max !== null && value > range.max;
  // '< 0.5' says nothing about a range whose minimum is 0.2; it is low only when 0.5 ≤ minimum.
  if (censored === '<') return range.min !== null && value <= range.min ? ['low'] : [];
  if (censored === '>') return range.max !== null && value >= range.max ? ['high'] : [];
  return below ? ['low'] : above ? ['high'] : [];
}

/**
 * Reads a numeric result as the bench and the report show it: rounds it, applies the detection
 * limits, calculates the formula chosen for the patient's sex, chooses the reference range for the
 * sample's matrix and the patient on the collection day, and flags what is out of range, positive or
 * in a forensic zone. Never throws; a formula that cannot be calculated comes back as its error.
 */
export function readResult(
  measured: number,
  parameter: ResultParameter,
  patient: ResultPatient,
  matrixId: string | null,
): ReadResult | FormulaFailure {
  const decimals = parameter.parameter_decimals;
  const raw = roundTo(measured, decimals);
  const lower = parameter.parameter_lower_detection_limit;
  const upper = parameter.parameter_upper_detection_limit;
  const censored = lower !== null && raw < lower ? '<' : upper !== null && raw > upper ? '>' : null;
  const measuredValue = censored === '<' ? (lower as number) : censored === '>' ? (upper as number) : raw;

  const formula = formulaFor(parameter, patient.gender);
  let calculated: number | null = null;
  if (formula && censored === null) {
    const result = evaluateFormula(formula, scopeOf(patient, raw));
    if (!result.ok) return result;
    calculated = roundTo(result.value, decimals);
  } else if (formula) {
    calculated = censoredLimitThrough(formula, measuredValue, patient, decimals);
  }

  const range = chooseReferenceRange(
    parameter.parameter_ranges,
    matrixId,
    patient,
    parameter.parameter_default_range_only,
  );
  const flags: ResultFlag[] = rangeFlags(range?.range, measuredValue, censored);
  if (censored === '<') flags.push('belowDetection');
  if (censored === '>') flags.push('aboveDetection');
  const threshold = parameter.parameter_positivity_threshold;
  if (threshold !== null)
    flags.push(measuredValue >= threshold && censored !== '<' ? 'positive' : 'negative');
  for (const zone of RESULT_ZONES) {
    const bounds = parameter.parameter_zones[zone];
    if (bounds && (bounds.min !== null || bounds.max !== null) && inside(bounds, measuredValue)) {
      flags.push(zone);
    }
  }

  const calculatedRange = formula && range ? convertRange(formula, range.range, patient, decimals) : null;
  const measuredRange = range ? { min: range.range.min, max: range.range.max } : null;
  return {
    ok: true,
    raw,
    calculated,
    censored,
    reported: calculated ?? measuredValue,
    reportedIn: calculated === null ? 'measured' : 'calculated',
    range,
    calculatedRange,
    reportedRange: calculated === null ? measuredRange : calculatedRange,
    flags,
  };
}

/**
 * A detection limit passed through the formula, for a censored measure: null when the formula
 * cannot be calculated there or does not grow with the measure (a decreasing formula would turn
 * '< limit' into '> value', so the limit stays in the measured unit).
 */
function censoredLimitThrough(
  formula: string,
  limit: number,
  patient: ResultPatient,
  decimals: number | null,
): number | null {
  const at = evaluateFormula(formula, scopeOf(patient, limit));
  const step = Math.max(Math.abs(limit), 1) * 1e-6;
  const after = evaluateFormula(formula, scopeOf(patient, limit + step));
  if (!at.ok || !after.ok || !(after.value > at.value)) return null;
  return roundTo(at.value, decimals);
}

/** The unit a reading's reported number is in, from the parameter's measured and calculated units. */
export function reportedUnitOf(
  parameter: { parameter_unit: string | null; parameter_unit_after_calc: string | null },
  reading: Pick<ReadResult, 'reportedIn'>,
): string | null {
  return reading.reportedIn === 'calculated'
    ? (parameter.parameter_unit_after_calc ?? parameter.parameter_unit)
    : parameter.parameter_unit;
}

/** A range's bounds through the formula, in increasing order (a formula may reverse them). */
function convertRange(
  formula: string,
  range: ReferenceRange,
  patient: ResultPatient,
  decimals: number | null,
): RangeBounds | null {
  const convert = (bound: number | null): number | null | undefined => {
    if (bound === null) return null;
    const result = evaluateFormula(formula, scopeOf(patient, bound));
    return result.ok ? roundTo(result.value, decimals) : undefined;
  };
  const min = convert(range.min);
  const max = convert(range.max);
  if (min === undefined || max === undefined) return null;
  return min !== null && max !== null && min > max ? { min: max, max: min } : { min, max };
}

/** What a stored result can hold (numeric(18, 6)); beyond it a value is a typing slip, not a measure. */
export const RESULT_MAGNITUDE_LIMIT = 1e12;

/** What of a parameter its plausibility limits depend on. */
export type PlausibilityParameter = Pick<
  ResultParameter,
  'parameter_plausible_min' | 'parameter_plausible_max' | 'parameter_lower_detection_limit'
>;

/**
 * The plausibility limits that apply to a measure of the parameter, in its measured unit (the unit
 * typed and imported, before any formula): the physical bounds of what it can be, distinct from
 * the detection limits (what the method can quantify: beyond them a measure is reported '< limit'
 * or '> limit', not refused) and from the reference ranges (what is normal: they only flag).
 *
 * - The maximum is `parameter_plausible_max`; null leaves only RESULT_MAGNITUDE_LIMIT.
 * - The minimum is `parameter_plausible_min` when the laboratory wrote one. A laboratory allows
 *   negative values by writing a negative minimum (a base excess: -30 mmol/L).
 * - Without one, the minimum is 0: concentrations, counts, activities and ratios are never negative,
 *   and a minus typed before a haemoglobin is a slip. The one exception is a parameter whose lower
 *   detection limit is negative: its method measures below zero, so negatives are its values and
 *   there is no minimum (a value below that limit is reported '< limit', as for any parameter).
 *   This keeps what the detection limits alone decided before plausibility limits existed, except
 *   that a parameter with no detection limit at all now refuses negatives too.
 *
 * The parameter form refuses a minimum at or above the maximum and detection limits outside the
 * limits written (parameterBoundsProblems), so these bounds never contradict the censoring.
 */
export function plausibleBoundsOf(parameter: PlausibilityParameter): {
  min: number | null;
  max: number | null;
} {
  const written = parameter.parameter_plausible_min;
  const detection = parameter.parameter_lower_detection_limit;
  const min = written !== null ? written : detection !== null && detection < 0 ? null : 0;
  return { min, max: parameter.parameter_plausible_max };
}

/**
 * Whether a measured value is outside what the parameter can give (spec.md §5: 'a parameter out of
 * bounds is an error'): not a finite number, beyond what a result can hold, or outside the
 * parameter's plausibility limits (plausibleBoundsOf: below 0 unless the parameter allows
 * negatives). Ranges and zones only flag a value; these bounds refuse it (outOfBounds), on the
 * bench, in instrument imports and through the API alike. The measure is checked as typed, before
 * rounding and before the formula: a calculated result is not checked, its inputs were.
 */
export function isOutOfBounds(value: number, parameter: PlausibilityParameter): boolean {
  if (!Number.isFinite(value) || Math.abs(value) >= RESULT_MAGNITUDE_LIMIT) return true;
  const { min, max } = plausibleBoundsOf(parameter);
  return (min !== null && value < min) || (max !== null && value > max);
}

/** What of the patient, the record and the sample the reading of a result depends on. */
export interface ResultPatientSource {
  patient: {
    patient_gender: string;
    patient_dob?: string | null | undefined;
    patient_pregnant?: boolean | null | undefined;
    patient_newborn?: boolean | null | undefined;
    patient_weight_kg?: number | null | undefined;
    patient_height_cm?: number | null | undefined;
  };
  record: {
    record_pregnant?: boolean | null | undefined;
    record_collection_datetime?: string | null | undefined;
    /** When the record was registered: the collection time of a record that has none of its own. */
    record_created?: string | Date | null | undefined;
  };
  sampleCollectedAt: string | null | undefined;
}

/**
 * The patient on the sample's collection day (else the record's, else the day it was registered,
 * else now): one rule for the server that stores a result's reading and the bench that previews it,
 * so both choose the same range. The same order dates the patient's earlier results (anteriorities):
 * a record read years after its registration compares with what came before it, not before today.
 */
export function resultPatientOf(
  { patient, record, sampleCollectedAt }: ResultPatientSource,
  now = new Date(),
): ResultPatient {
  return {
    gender: patient.patient_gender === 'M' || patient.patient_gender === 'F' ? patient.patient_gender : 'I',
    birthDate: patient.patient_dob ?? null,
    collectedOn: new Date(
      sampleCollectedAt ?? record.record_collection_datetime ?? record.record_created ?? now,
    ).toISOString(),
    pregnant: Boolean(record.record_pregnant) || Boolean(patient.patient_pregnant),
    newborn: Boolean(patient.patient_newborn),
    weightKg: patient.patient_weight_kg ?? null,
    heightCm: patient.patient_height_cm ?? null,
  };
}

/**
 * The codes of the other parameters a parameter's formulas read (`$CT`), across its common and
 * sex-specific formulas; empty for a parameter whose result is measured (or converted from `x`).
 * A parameter with references is calculated from the record's other results: nothing is typed.
 */
export function referencesOf(
  parameter: Pick<
    ResultParameter,
    'parameter_has_formula' | 'parameter_formula' | 'parameter_formula_male' | 'parameter_formula_female'
  >,
): string[] {
  if (!parameter.parameter_has_formula) return [];
  const codes = new Set<string>();
  for (const formula of [
    parameter.parameter_formula,
    parameter.parameter_formula_male,
    parameter.parameter_formula_female,
  ]) {
    if (!formula?.trim()) continue;
    const check = checkFormula(formula);
    if (check.ok) for (const code of check.references) codes.add(code);
  }
  return [...codes].sort();
}

/** What of a stored result another parameter's formula reads: none when censored ('< 0.1'). */
export function reportedValueOf(result: {
  result_value: number | null;
  result_calculated: number | null;
  result_censored: string | null;
}): number | null {
  if (result.result_censored) return null;
  return result.result_calculated ?? result.result_value;
}

/** The results a calculated parameter reads, by code: the value the record reports, or null. */
export type ResultInputs = ReadonlyMap<string, number | null>;

/**
 * Calculates a parameter from the record's other results (`$CT - $HDL - $TG / 2.2`), then reads the
 * value as a measure is read: rounded to the parameter's decimals, against the range chosen for the
 * patient (written in the calculated unit), flags and zones. The same function serves the server
 * that stores the result and the bench that previews it. A missing input (missingVariable, detail
 * `$TG`) or a condition that does not hold (conditionNotMet, detail `$TG < 4.5`) gives no result.
 */
export function calculateResult(
  parameter: ResultParameter,
  inputs: ResultInputs,
  patient: ResultPatient,
  matrixId: string | null,
): ReadResult | FormulaFailure {
  const formula = formulaFor(parameter, patient.gender);
  if (!formula) return { ok: false, error: 'syntax', detail: 'empty' };
  const scope: FormulaScope = { ...scopeOf(patient, null) };
  for (const [code, value] of inputs) scope[referenceSymbol(code)] = value;
  const result = evaluateFormula(formula, scope);
  if (!result.ok) return result;
  const value = roundTo(result.value, parameter.parameter_decimals);
  if (Math.abs(value) >= RESULT_MAGNITUDE_LIMIT)
    return { ok: false, error: 'notFinite', detail: String(value) };
  const reading = readResult(value, { ...parameter, parameter_has_formula: false }, patient, matrixId);
  if (!reading.ok) return reading;
  // The value and its range are both in the calculated unit: the range is written in it.
  return {
    ...reading,
    calculated: reading.censored ? reading.reported : reading.raw,
    reported: reading.censored ? reading.reported : reading.raw,
    reportedIn: 'calculated',
  };
}
