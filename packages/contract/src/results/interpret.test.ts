import { describe, expect, it } from 'vitest';
import '../formula-engine.js';
import {
  calculateResult,
  formulaFor,
  isOutOfBounds,
  type PlausibilityParameter,
  plausibleBoundsOf,
  type ResultParameter,
  type ResultPatient,
  readResult,
  referencesOf,
  reportedValueOf,
  roundTo,
} from './interpret.js';
import type { ReferenceRange } from './reference-range.js';

const BLOOD = '00000000-0000-4000-8000-000000000001';

const defaultRange = (min: number | null, max: number | null): ReferenceRange => ({
  matrix_id: null,
  population: 'default',
  min,
  max,
  comment: null,
  delta: null,
  post_conversion_comment: null,
});

const parameter = (values: Partial<ResultParameter> = {}): ResultParameter => ({
  parameter_decimals: 2,
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
  ...values,
});

const patient: ResultPatient = {
  gender: 'F',
  birthDate: '1960-06-01',
  collectedOn: '2026-11-23',
  pregnant: false,
  newborn: false,
  weightKg: 70,
  heightCm: 165,
};

function read(value: number, values: Partial<ResultParameter> = {}, who: Partial<ResultPatient> = {}) {
  const result = readResult(value, parameter(values), { ...patient, ...who }, BLOOD);
  if (!result.ok) throw new Error(`formula failed: ${result.error}`);
  return result;
}

describe('roundTo', () => {
  it('rounds half away from zero on the written decimals', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundTo(-0.0001, 2)).toBe(0);
    expect(roundTo(12.345678, null)).toBe(12.345678);
  });
});

describe('readResult', () => {
  // Fasting glucose: 0.70–1.10 g/L, reported in mmol/L by the factor 5.551.
  const glucose = {
    parameter_ranges: [defaultRange(0.7, 1.1)],
    parameter_has_formula: true,
    parameter_formula: 'x * 5.551',
  };

  it('calculates the formula and passes the range through it', () => {
    const result = read(1.26, glucose);
    expect(result.raw).toBe(1.26);
    expect(result.calculated).toBe(6.99);
    expect(result.reported).toBe(6.99);
    expect(result.flags).toEqual(['high']);
    expect(result.calculatedRange).toEqual({ min: 3.89, max: 6.11 });
  });

  it('gives the range in the unit of the reported value', () => {
    const converted = read(1.26, glucose);
    expect(converted).toMatchObject({ reportedIn: 'calculated', reported: 6.99 });
    expect(converted.reportedRange).toEqual({ min: 3.89, max: 6.11 });
    // Without a formula the value and its range stay in the measured unit.
    const measured = read(1.26, { parameter_ranges: [defaultRange(0.7, 1.1)] });
    expect(measured).toMatchObject({ reportedIn: 'measured', reported: 1.26 });
    expect(measured.reportedRange).toEqual({ min: 0.7, max: 1.1 });
    // Creatinine measured in µmol/L, reported in mg/dL (÷ 88.4): 45–104 µmol/L is 0.51–1.18 mg/dL.
    const creatinine = read(120, {
      parameter_ranges: [defaultRange(45, 104)],
      parameter_has_formula: true,
      parameter_formula: 'x / 88.4',
    });
    expect(creatinine).toMatchObject({ reported: 1.36, flags: ['high'] });
    expect(creatinine.reportedRange).toEqual({ min: 0.51, max: 1.18 });
  });

  it('passes a detection limit through the formula when it is what is reported', () => {
    const limited = { ...glucose, parameter_lower_detection_limit: 0.1 };
    const below = read(0.05, limited);
    // '< 0.10 g/L' is '< 0.56 mmol/L': the sign, the number and the range in one unit.
    expect(below).toMatchObject({
      censored: '<',
      calculated: 0.56,
      reported: 0.56,
      reportedIn: 'calculated',
    });
    expect(below.reportedRange).toEqual({ min: 3.89, max: 6.11 });
    // A formula that decreases would turn '<' into '>': the limit stays in the measured unit.
    const reciprocal = read(0.05, { ...limited, parameter_formula: '10 - x' });
    expect(reciprocal).toMatchObject({
      censored: '<',
      calculated: null,
      reported: 0.1,
      reportedIn: 'measured',
    });
    expect(reciprocal.reportedRange).toEqual({ min: 0.7, max: 1.1 });
  });

  it('flags low, in range and high against the chosen range', () => {
    expect(read(0.5, glucose).flags).toEqual(['low']);
    expect(read(0.7, glucose).flags).toEqual([]);
    expect(read(1.1, glucose).flags).toEqual([]);
  });

  it('chooses the sex-specific formula, else the common one', () => {
    const values = parameter({
      parameter_has_formula: true,
      parameter_formula: 'x',
      parameter_formula_male: 'x * 2',
      parameter_formula_female: ' ',
    });
    expect(formulaFor(values, 'M')).toBe('x * 2');
    expect(formulaFor(values, 'F')).toBe('x');
    expect(formulaFor(values, 'I')).toBe('x');
    expect(formulaFor({ ...values, parameter_has_formula: false }, 'M')).toBeNull();
  });

  it('gives the formula the patient on the collection day', () => {
    // A formula using age, sex and weight (a Cockcroft-Gault-like clearance, creatinine in µmol/L).
    const clearance = {
      parameter_decimals: 0,
      parameter_has_formula: true,
      parameter_formula: '(140 - age) * weight / (0.815 * x) * (sex == 1 ? 1 : 0.85)',
    };
    const formula = readResult(80, parameter(clearance), patient, BLOOD);
    // The ternary is not allowed by the restricted evaluator: the failure comes back, never a throw.
    expect(formula.ok).toBe(false);
    const allowed = read(80, { ...clearance, parameter_formula: '(140 - age) * weight / (0.815 * x)' });
    expect(allowed.calculated).toBe(Math.round(((140 - 66) * 70) / (0.815 * 80)));
  });

  it('answers the formula error when a variable is missing', () => {
    const result = readResult(
      80,
      parameter({ parameter_has_formula: true, parameter_formula: 'x / weight' }),
      { ...patient, weightKg: null },
      BLOOD,
    );
    expect(result).toMatchObject({ ok: false, error: 'missingVariable', detail: 'weight' });
  });

  it('reports the detection limits instead of the measure beyond them', () => {
    const limits = {
      parameter_lower_detection_limit: 0.5,
      parameter_upper_detection_limit: 400,
      parameter_ranges: [defaultRange(0, 5)],
    };
    const below = read(0.2, limits);
    expect(below).toMatchObject({ censored: '<', reported: 0.5, flags: ['belowDetection'] });
    const above = read(650, limits);
    expect(above).toMatchObject({ censored: '>', reported: 400, flags: ['high', 'aboveDetection'] });
    expect(read(3, limits)).toMatchObject({ censored: null, reported: 3, flags: [] });
    // Below a limit that is itself under the range's minimum, the result is certainly low.
    expect(read(0.2, { ...limits, parameter_ranges: [defaultRange(1, 5)] }).flags).toEqual([
      'low',
      'belowDetection',
    ]);
  });

  it('reads positivity against the threshold (at the threshold is positive)', () => {
    // Cannabis screening in urine, cut-off 50 ng/mL.
    const screening = { parameter_positivity_threshold: 50, parameter_lower_detection_limit: 5 };
    expect(read(50, screening).flags).toEqual(['positive']);
    expect(read(49.9, screening).flags).toEqual(['negative']);
    expect(read(1, screening).flags).toEqual(['belowDetection', 'negative']);
  });

  it('names the forensic zones the value falls in', () => {
    // Blood ethanol in g/L.
    const zones = {
      parameter_zones: {
        therapeutic: { min: null, max: null },
        toxic: { min: 1, max: 3 },
        deadly: { min: 3, max: null },
      },
    };
    expect(read(0.4, zones).flags).toEqual([]);
    expect(read(2, zones).flags).toEqual(['toxic']);
    expect(read(3, zones).flags).toEqual(['toxic', 'deadly']);
    expect(read(4.2, zones).flags).toEqual(['deadly']);
  });

  it('orders a calculated range that the formula reverses', () => {
    const reversed = read(2, {
      parameter_ranges: [defaultRange(1, 4)],
      parameter_has_formula: true,
      parameter_formula: '10 - x',
    });
    expect(reversed.calculatedRange).toEqual({ min: 6, max: 9 });
  });
});

describe('isOutOfBounds', () => {
  const limits = (values: Partial<PlausibilityParameter> = {}): PlausibilityParameter => ({
    parameter_plausible_min: null,
    parameter_plausible_max: null,
    parameter_lower_detection_limit: null,
    ...values,
  });

  it('refuses what a result cannot hold, whatever the limits', () => {
    const open = limits({ parameter_plausible_min: -1e15 });
    expect(isOutOfBounds(1e12, open)).toBe(true);
    expect(isOutOfBounds(-1e12, open)).toBe(true);
    expect(isOutOfBounds(Number.NaN, open)).toBe(true);
    expect(isOutOfBounds(Number.POSITIVE_INFINITY, open)).toBe(true);
    expect(isOutOfBounds(999_999_999_999, open)).toBe(false);
  });

  it('refuses negatives by default, with or without a detection limit', () => {
    // A haemoglobin of −5 g/dL, its parameter written with no limit at all (issue 37).
    expect(isOutOfBounds(-5, limits())).toBe(true);
    expect(isOutOfBounds(-0.01, limits({ parameter_lower_detection_limit: 0.1 }))).toBe(true);
    expect(isOutOfBounds(0, limits())).toBe(false);
    expect(isOutOfBounds(12.5, limits())).toBe(false);
    expect(plausibleBoundsOf(limits())).toEqual({ min: 0, max: null });
  });

  it('keeps the written plausibility limits, bounds included', () => {
    const haemoglobin = limits({ parameter_plausible_min: 0, parameter_plausible_max: 30 });
    expect([-5, 0, 30, 30.01, 135].map((value) => isOutOfBounds(value, haemoglobin))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
    // An INR is never below 0.5: a written positive minimum refuses what is under it.
    const inr = limits({ parameter_plausible_min: 0.5, parameter_plausible_max: 30 });
    expect([0.4, 0.5, 2.5].map((value) => isOutOfBounds(value, inr))).toEqual([true, false, false]);
  });

  it('allows negatives when the laboratory writes a negative minimum', () => {
    const baseExcess = limits({ parameter_plausible_min: -30, parameter_plausible_max: 30 });
    expect(isOutOfBounds(-4.2, baseExcess)).toBe(false);
    expect(isOutOfBounds(-30, baseExcess)).toBe(false);
    expect(isOutOfBounds(-31, baseExcess)).toBe(true);
    expect(plausibleBoundsOf(baseExcess)).toEqual({ min: -30, max: 30 });
  });

  it('takes a negative lower detection limit as allowing negatives when no minimum is written', () => {
    const measuredBelowZero = limits({ parameter_lower_detection_limit: -30 });
    expect(plausibleBoundsOf(measuredBelowZero)).toEqual({ min: null, max: null });
    expect(isOutOfBounds(-4.2, measuredBelowZero)).toBe(false);
    // Below the detection limit the value is reported '< -30', not refused.
    expect(isOutOfBounds(-45, measuredBelowZero)).toBe(false);
    // A written minimum wins over what the detection limit implies.
    expect(
      isOutOfBounds(-45, limits({ parameter_lower_detection_limit: -30, parameter_plausible_min: -40 })),
    ).toBe(true);
    // A lower detection limit of zero or more says nothing about negatives: the default holds.
    expect(plausibleBoundsOf(limits({ parameter_lower_detection_limit: 0 }))).toEqual({ min: 0, max: null });
  });
});

describe('results calculated from other results of the record', () => {
  const ldl = parameter({
    parameter_has_formula: true,
    parameter_formula: 'when($TG < 4.5, $CT - $HDL - $TG / 2.2)',
    parameter_ranges: [defaultRange(null, 4.1)],
  });
  const inputs = (values: Record<string, number | null>) => new Map(Object.entries(values));

  it('names the parameters read, across the common and sex-specific formulas', () => {
    expect(referencesOf(ldl)).toEqual(['CT', 'HDL', 'TG']);
    expect(
      referencesOf(
        parameter({ parameter_has_formula: true, parameter_formula: '$A', parameter_formula_male: '$B * 2' }),
      ),
    ).toEqual(['A', 'B']);
    expect(referencesOf({ ...ldl, parameter_has_formula: false })).toEqual([]);
    expect(referencesOf(parameter({ parameter_has_formula: true, parameter_formula: 'x * 2' }))).toEqual([]);
  });

  it('calculates LDL by Friedewald and reads it against its range', () => {
    const reading = calculateResult(ldl, inputs({ CT: 6.21, HDL: 1.03, TG: 1.37 }), patient, BLOOD);
    // 6.21 − 1.03 − 1.37 / 2.2 = 4.5573 → 4.56, above 4.1
    expect(reading).toMatchObject({ ok: true, raw: 4.56, calculated: 4.56, reported: 4.56, flags: ['high'] });
    const normal = calculateResult(ldl, inputs({ CT: 5, HDL: 1.5, TG: 1.1 }), patient, BLOOD);
    expect(normal).toMatchObject({ ok: true, calculated: 3, flags: [] });
  });

  it('gives no LDL when triglycerides reach 4.5 mmol/L, saying why', () => {
    expect(calculateResult(ldl, inputs({ CT: 7, HDL: 1, TG: 4.5 }), patient, BLOOD)).toEqual({
      ok: false,
      error: 'conditionNotMet',
      detail: '$TG < 4.5',
    });
  });

  it('gives no LDL while an input is missing or censored', () => {
    expect(calculateResult(ldl, inputs({ CT: 5, TG: 1 }), patient, BLOOD)).toMatchObject({
      error: 'missingVariable',
      detail: '$HDL',
    });
    const censored = reportedValueOf({ result_value: 0.05, result_calculated: null, result_censored: '<' });
    expect(censored).toBeNull();
    expect(reportedValueOf({ result_value: 0.5, result_calculated: 1.29, result_censored: null })).toBe(1.29);
    expect(reportedValueOf({ result_value: 0.5, result_calculated: null, result_censored: null })).toBe(0.5);
  });

  it("uses the formula of the patient's sex", () => {
    const sexed = parameter({
      parameter_has_formula: true,
      parameter_formula: '$A',
      parameter_formula_male: '$A * 2',
      parameter_formula_female: '$A * 3',
    });
    expect(calculateResult(sexed, inputs({ A: 1 }), patient, BLOOD)).toMatchObject({ calculated: 3 });
    expect(calculateResult(sexed, inputs({ A: 1 }), { ...patient, gender: 'M' }, BLOOD)).toMatchObject({
      calculated: 2,
    });
  });
});
