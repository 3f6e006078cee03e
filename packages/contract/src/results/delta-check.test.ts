import { describe, expect, it } from 'vitest';
import '../formula-engine.js';
import {
  type ComparedResult,
  type DeltaParameter,
  deltaCheckOf,
  deltaLimitOf,
  deltaLimitProblems,
  type PreviousResult,
  previousInUnit,
} from './delta-check.js';
import type { ResultPatient } from './interpret.js';

const patient: ResultPatient = {
  gender: 'F',
  birthDate: '1960-06-01',
  collectedOn: '2026-11-23T08:00:00.000Z',
  pregnant: false,
  newborn: false,
  weightKg: 70,
  heightCm: 165,
};

const parameter = (values: Partial<DeltaParameter> = {}): DeltaParameter => ({
  parameter_unit: 'g/dL',
  parameter_unit_after_calc: null,
  parameter_decimals: 1,
  parameter_lower_detection_limit: null,
  parameter_upper_detection_limit: null,
  parameter_plausible_min: null,
  parameter_plausible_max: null,
  parameter_positivity_threshold: null,
  parameter_has_formula: false,
  parameter_formula: null,
  parameter_formula_male: null,
  parameter_formula_female: null,
  parameter_default_range_only: false,
  parameter_ranges: [],
  parameter_zones: {},
  parameter_delta_kind: 'absolute',
  parameter_delta_limit: 2,
  parameter_delta_window_days: 30,
  ...values,
});

const result = (value: number | null, unit: string | null = 'g/dL', more: Partial<ComparedResult> = {}) => ({
  result_value: value,
  result_calculated: null,
  result_censored: null,
  result_text: null,
  result_unit: unit,
  ...more,
});

const previous = (
  value: number | null,
  collectedAt = '2026-11-13T08:00:00.000Z',
  unit: string | null = 'g/dL',
  more: Partial<ComparedResult> = {},
): PreviousResult => ({
  ...result(value, unit, more),
  record_id: '00000000-0000-4000-8000-0000000000aa',
  record_number: '2611130001',
  collected_at: collectedAt,
});

const check = (
  current: ComparedResult,
  before: PreviousResult | null,
  values: Partial<DeltaParameter> = {},
) =>
  deltaCheckOf({
    current,
    collectedOn: patient.collectedOn,
    previous: before,
    parameter: parameter(values),
    patient,
    matrixId: null,
  });

describe('deltaLimitProblems', () => {
  it('accepts a whole limit or none', () => {
    expect(deltaLimitProblems({})).toEqual([]);
    expect(
      deltaLimitProblems({
        parameter_delta_kind: null,
        parameter_delta_limit: null,
        parameter_delta_window_days: null,
      }),
    ).toEqual([]);
    expect(
      deltaLimitProblems({
        parameter_delta_kind: 'percent',
        parameter_delta_limit: 50,
        parameter_delta_window_days: 7,
      }),
    ).toEqual([]);
  });

  it('names what a half-written limit lacks', () => {
    expect(deltaLimitProblems({ parameter_delta_limit: 2 })).toEqual([
      'parameter_delta_kind',
      'parameter_delta_window_days',
    ]);
    expect(deltaLimitProblems({ parameter_delta_kind: 'absolute', parameter_delta_window_days: 7 })).toEqual([
      'parameter_delta_limit',
    ]);
  });

  it('reads no limit from an incomplete one', () => {
    expect(deltaLimitOf({ parameter_delta_kind: 'absolute', parameter_delta_limit: 2 })).toBeNull();
    expect(
      deltaLimitOf({
        parameter_delta_kind: 'absolute',
        parameter_delta_limit: 2,
        parameter_delta_window_days: 7,
      }),
    ).toEqual({ kind: 'absolute', limit: 2, windowDays: 7 });
  });
});

describe('deltaCheckOf: absolute limit', () => {
  it('flags a change beyond the limit either way, with the previous value, date and delta', () => {
    // A haemoglobin of 13.0 g/dL ten days ago, 9.1 today: 3.9 g/dL down, over a 2 g/dL limit.
    expect(check(result(9.1), previous(13))).toEqual({
      kind: 'absolute',
      limit: 2,
      window_days: 30,
      unit: 'g/dL',
      previous_value: 13,
      previous_collected_at: '2026-11-13T08:00:00.000Z',
      previous_record_id: '00000000-0000-4000-8000-0000000000aa',
      previous_record_number: '2611130001',
      delta: -3.9,
      delta_percent: -30,
      breach: true,
    });
    expect(check(result(15.5), previous(13))?.breach).toBe(true);
  });

  it('does not flag a change within the limit, nor one equal to it', () => {
    expect(check(result(12), previous(13))).toMatchObject({ delta: -1, breach: false });
    // 12.4 − 10.4 is 2.0000000000000018 in binary: equal to the limit, not above it.
    expect(check(result(12.4), previous(10.4))).toMatchObject({ delta: 2, breach: false });
  });
});

describe('deltaCheckOf: percentage limit', () => {
  const percent = { parameter_delta_kind: 'percent' as const, parameter_delta_limit: 50 };

  it('compares the change with the previous value', () => {
    // A creatinine from 80 to 130 µmol/L: +62.5 %, over a 50 % limit.
    expect(check(result(130, 'µmol/L'), previous(80, undefined, 'µmol/L'), percent)).toMatchObject({
      delta: 50,
      delta_percent: 62.5,
      breach: true,
    });
    expect(check(result(110, 'µmol/L'), previous(80, undefined, 'µmol/L'), percent)).toMatchObject({
      delta_percent: 37.5,
      breach: false,
    });
    // Exactly 50 % down is not beyond 50 %.
    expect(check(result(0.1), previous(0.2), percent)).toMatchObject({ delta_percent: -50, breach: false });
  });

  it('flags any change from a previous 0, which no percentage measures', () => {
    expect(check(result(0.5), previous(0), percent)).toMatchObject({ delta_percent: null, breach: true });
    expect(check(result(0), previous(0), percent)).toMatchObject({ delta_percent: null, breach: false });
  });
});

describe('deltaCheckOf: window', () => {
  it('compares a previous result collected within the window, its last day included', () => {
    expect(check(result(9), previous(13, '2026-10-24T08:00:00.000Z'))?.breach).toBe(true);
  });

  it('ignores a previous result collected before the window', () => {
    expect(check(result(9), previous(13, '2026-10-24T07:59:59.000Z'))).toBeNull();
    expect(check(result(9), previous(13, '2025-11-23T08:00:00.000Z'))).toBeNull();
  });

  it('ignores a previous result without a collection date', () => {
    expect(check(result(9), { ...previous(13), collected_at: null })).toBeNull();
  });
});

describe('deltaCheckOf: nothing to compare', () => {
  it('answers null without a previous result', () => {
    expect(check(result(9), null)).toBeNull();
  });

  it('answers null for a parameter without a delta limit', () => {
    expect(check(result(9), previous(13), { parameter_delta_kind: null })).toBeNull();
  });

  it('answers null for a text or a censored result, now or before', () => {
    expect(check(result(null, null, { result_text: 'hémolysé' }), previous(13))).toBeNull();
    expect(check(result(0.5, 'g/dL', { result_censored: '<' }), previous(13))).toBeNull();
    expect(check(result(9), previous(0.5, undefined, 'g/dL', { result_censored: '<' }))).toBeNull();
  });

  it('answers null when the units cannot be brought together', () => {
    expect(check(result(90), previous(9, undefined, 'mmol/L'))).toBeNull();
  });
});

describe('deltaCheckOf: units', () => {
  // A glucose typed in g/L and reported in mmol/L by the parameter's formula.
  const glucose = {
    parameter_unit: 'g/L',
    parameter_unit_after_calc: 'mmol/L',
    parameter_decimals: 2,
    parameter_has_formula: true,
    parameter_formula: 'x * 5.551',
    parameter_delta_limit: 3,
  };
  const converted = (measured: number) =>
    result(measured, 'mmol/L', { result_calculated: Math.round(measured * 5.551 * 100) / 100 });

  it('compares converted results in the reported unit', () => {
    // 0.90 g/L (5.00 mmol/L) before, 1.60 g/L (8.88 mmol/L) now: +3.88 mmol/L, over 3 mmol/L.
    expect(
      check(converted(1.6), previous(0.9, undefined, 'mmol/L', { result_calculated: 5 }), glucose),
    ).toMatchObject({ unit: 'mmol/L', previous_value: 5, delta: 3.88, breach: true });
  });

  it('converts a previous result stored in the measured unit through the formula', () => {
    // Stored before the formula was written: 0.90 g/L, read today as 5.00 mmol/L.
    expect(check(converted(1.6), previous(0.9, undefined, 'g/L'), glucose)).toMatchObject({
      unit: 'mmol/L',
      previous_value: 5,
      delta: 3.88,
      breach: true,
    });
    // Without the conversion, 1.60 g/L against 0.90 would be a change of 0.7: no breach seen.
    expect(previousInUnit(previous(0.9, undefined, 'g/L'), 'mmol/L', parameter(glucose), patient, null)).toBe(
      5,
    );
  });

  it('compares a converted previous result by its measure when the current one is not converted', () => {
    // The formula failed for today's result: it is reported in g/L, as its measure.
    expect(
      check(result(1.6, 'g/L'), previous(0.9, undefined, 'mmol/L', { result_calculated: 5 }), {
        ...glucose,
        parameter_delta_limit: 0.5,
      }),
    ).toMatchObject({ unit: 'g/L', previous_value: 0.9, delta: 0.7, breach: true });
  });

  it('reads units as laboratories write them', () => {
    expect(
      check(result(130, 'umol/l'), previous(80, undefined, 'µmol/L'), { parameter_delta_limit: 40 }),
    ).toMatchObject({ previous_value: 80, breach: true });
  });
});
