import {
  type FormulaErrorCode,
  isOutOfBounds,
  plausibleBoundsOf,
  type ReadResult,
  type ReferenceRange,
  type ResultParameter,
  type ResultPatient,
  readResult,
  reportedUnitOf,
} from '@sil/contract';
import type { results } from '../../db/schema/results.js';
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
 * The columns a result stores for a typed value: what the contract's reading says of it. The
 * range is stored twice: as written on the parameter (the measured unit) and in the unit of the
 * number reported, which is what every surface prints beside it. A formula that cannot be
 * calculated for this patient keeps the measure (flagged against the raw range, in the measured
 * unit) and leaves the calculated value empty: the bench shows why, and nothing typed is lost.
 */
export function storedReading(
  parameter: ParameterRow,
  patient: ResultPatient,
  matrixId: string | null,
  value: number | null,
  text: string | null,
) {
  const empty = {
    result_value: value,
    result_text: text,
    result_calculated: null,
    result_censored: null,
    result_unit: parameter.parameter_unit,
    result_population: null,
    result_range_min: null,
    result_range_max: null,
    result_raw_range_min: null,
    result_raw_range_max: null,
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
  return { ...empty, ...readingColumns(parameter, reading) };
}

/** What saving a result again replaces; its sample, parameter and first entry time stay. */
export const REWRITTEN_COLUMNS = [
  'result_value',
  'result_text',
  'result_calculated',
  'result_censored',
  'result_unit',
  'result_population',
  'result_range_min',
  'result_range_max',
  'result_raw_range_min',
  'result_raw_range_max',
  'result_flags',
  'result_entered_by',
  // A person's save after an analyser's clears the analyser's marks (their value is no longer its).
  'result_machine',
  'result_run_at',
  'result_analyser_flags',
] as const satisfies ReadonlyArray<keyof typeof results.$inferInsert>;

/** What a reading stores: the reported value's unit and range in that unit, flags, population. */
export function readingColumns(
  parameter: Pick<ParameterRow, 'parameter_unit' | 'parameter_unit_after_calc'>,
  reading: ReadResult,
) {
  return {
    result_calculated: reading.calculated,
    result_censored: reading.censored,
    result_unit: reportedUnitOf(parameter, reading),
    result_population: reading.range?.population ?? null,
    result_range_min: reading.reportedRange?.min ?? null,
    result_range_max: reading.reportedRange?.max ?? null,
    result_raw_range_min: reading.range?.range.min ?? null,
    result_raw_range_max: reading.range?.range.max ?? null,
    result_flags: reading.flags as string[],
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
