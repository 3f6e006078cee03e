import '@sil/contract/formula-engine';
import { type ParameterRow, type PatientRow, resultPatientOf, type SampleResultLine } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import { isChanged, isOutOfRange, previewOf, resultParameterOf, typedResult } from './result-reading';

const ID = '00000000-0000-4000-8000-000000000001';
const STAMP = '2026-11-20T08:00:00.000Z';

const parameter = (fields: Partial<ParameterRow>): ParameterRow => ({
  parameter_id: ID,
  parameter_name: 'Glucose',
  parameter_last_updated: STAMP,
  ...fields,
});

const woman = {
  patient_id: ID,
  patient_surname: 'Lefèvre',
  patient_name: 'Hélène',
  patient_gender: 'F',
  patient_dob: '1960-06-01',
  patient_created: STAMP,
  patient_last_updated: STAMP,
  patient_insurance_warning: null,
} as const satisfies Partial<PatientRow>;

const patient = (fields: Partial<PatientRow> = {}) =>
  resultPatientOf({
    patient: { ...woman, ...fields } as PatientRow,
    record: { record_pregnant: false },
    sampleCollectedAt: STAMP,
  });

const glucose = resultParameterOf(
  parameter({
    parameter_decimals: 2,
    parameter_lower_detection_limit: 0.1,
    parameter_has_formula: true,
    parameter_formula: 'x * 5.551',
    parameter_ranges: [
      {
        matrix_id: null,
        population: 'default',
        min: 0.7,
        max: 1.1,
        comment: null,
        delta: null,
        post_conversion_comment: null,
      },
    ],
  }),
);

describe('the bench reading of a typed result', () => {
  it('reads the decimal mark of the screen, and a word as a qualitative result', () => {
    expect(typedResult('1,26', 'fr')).toEqual({ value: 1.26, text: null });
    expect(typedResult('1.26', 'en')).toEqual({ value: 1.26, text: null });
    expect(typedResult(' positif ', 'fr')).toEqual({ value: null, text: 'positif' });
    expect(typedResult('  ', 'fr')).toEqual({ value: null, text: null });
  });

  it('calculates, converts the range and flags what is out of it, as the server will store it', () => {
    const shown = previewOf('1,26', 'fr', glucose, patient(), null);
    expect(shown).toMatchObject({
      value: 1.26,
      calculated: 6.99,
      population: 'default',
      range: { min: 0.7, max: 1.1 },
      calculatedRange: { min: 3.89, max: 6.11 },
      flags: ['high'],
      outOfBounds: false,
    });
    expect(isOutOfRange(shown)).toBe(true);
  });

  it('shows the range that applies before anything is typed', () => {
    expect(previewOf('', 'fr', glucose, patient(), null)).toMatchObject({
      value: null,
      population: 'default',
      range: { min: 0.7, max: 1.1 },
      calculatedRange: { min: 3.89, max: 6.11 },
      flags: [],
    });
  });

  it('reports a measure below the detection limit as the limit', () => {
    expect(previewOf('0,05', 'fr', glucose, patient(), null)).toMatchObject({
      censored: '<',
      calculated: null,
      flags: ['low', 'belowDetection'],
    });
  });

  it('refuses a negative concentration as out of bounds', () => {
    expect(previewOf('-1', 'fr', glucose, patient(), null).outOfBounds).toBe(true);
  });

  it('says why a formula cannot be calculated and keeps the measure', () => {
    const clearance = resultParameterOf(
      parameter({ parameter_has_formula: true, parameter_formula: '(140 - age) * weight / (0.815 * x)' }),
    );
    expect(previewOf('80', 'fr', clearance, patient(), null)).toMatchObject({
      value: 80,
      calculated: null,
      calculationError: { code: 'missingVariable', detail: 'weight' },
    });
    expect(previewOf('80', 'fr', clearance, patient({ patient_weight_kg: 70 }), null).calculated).toBeCloseTo(
      79.45,
    );
  });

  it('takes pregnancy from the record as well as from the patient', () => {
    expect(
      resultPatientOf(
        { patient: { ...woman } as PatientRow, record: { record_pregnant: true }, sampleCollectedAt: null },
        new Date(STAMP),
      ),
    ).toMatchObject({ pregnant: true, gender: 'F', collectedOn: STAMP });
  });

  it('sends only the lines whose typed text differs from what is saved', () => {
    const line = {
      result: { result_value: 1.26, result_text: null },
    } as unknown as SampleResultLine;
    expect(isChanged(line, '1,26', 'fr')).toBe(false);
    expect(isChanged(line, '1,27', 'fr')).toBe(true);
    expect(isChanged({ ...line, result: null }, '', 'fr')).toBe(false);
  });
});
