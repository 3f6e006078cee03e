import {
  type FormulaErrorCode,
  isOutOfBounds,
  plausibleBoundsOf,
  type ReferenceRange,
  type ResultParameter,
  type ResultPatient,
  readResult,
} from '@sil/contract';
import { fail } from '../../lib/errors.js';
import type { ParameterRow } from './queries.js';

/** A stored parameter as the contract's reading of results takes it. */
export function resultParameterOf(row: ParameterRow): ResultParameter {
  return {
    ...row,
    // The parameter form validates each population against the contract's list before saving.
    parameter_ranges: row.parameter_ranges as ReferenceRange[],
  };
}

/**
 * The columns a result stores for a typed value: what the contract's reading says of it. A formula
 * that cannot be calculated for this patient keeps the measure (flagged against the raw range) and
 * leaves the calculated value empty: the bench shows why, and nothing typed is lost.
 */
export function storedReading(
  parameter: ParameterRow,
  patient: ResultPatient,
  matrixId: string | null,
  value: number | null,
  text: string | null,
) {
  const unit = parameter.parameter_has_formula
    ? (parameter.parameter_unit_after_calc ?? parameter.parameter_unit)
    : parameter.parameter_unit;
  const empty = {
    result_value: value,
    result_text: text,
    result_calculated: null,
    result_censored: null,
    result_unit: unit,
    result_population: null,
    result_range_min: null,
    result_range_max: null,
    result_flags: [] as string[],
  };
  if (value === null) return empty;
  const definition = resultParameterOf(parameter);
  if (isOutOfBounds(value, definition)) {
    // The bounds applied, in the measured unit, so that the refusal says what the value should be.
    const { min, max } = plausibleBoundsOf(definition);
    fail('outOfBounds', {
      parameter_id: parameter.parameter_id,
      parameter_name: parameter.parameter_name,
      value,
      min,
      max,
      unit: parameter.parameter_unit,
    });
  }
  let reading = readResult(value, definition, patient, matrixId);
  if (!reading.ok)
    reading = readResult(value, { ...definition, parameter_has_formula: false }, patient, matrixId);
  if (!reading.ok) return empty;
  return {
    ...empty,
    result_calculated: reading.calculated,
    result_censored: reading.censored,
    result_population: reading.range?.population ?? null,
    result_range_min: reading.range?.range.min ?? null,
    result_range_max: reading.range?.range.max ?? null,
    result_flags: reading.flags,
  };
}

/** Why the formula gives no value for this patient and measure; null when it does or has none. */
export function calculationError(
  parameter: ParameterRow,
  patient: ResultPatient,
  matrixId: string | null,
  value: number | null,
): FormulaErrorCode | null {
  if (value === null || !parameter.parameter_has_formula) return null;
  const reading = readResult(value, resultParameterOf(parameter), patient, matrixId);
  return reading.ok ? null : reading.error;
}
