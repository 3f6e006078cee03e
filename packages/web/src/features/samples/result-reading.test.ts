import '@sil/contract/formula-engine';
import {
  type ParameterRow,
  type PatientRow,
  type ResultRow,
  resultPatientOf,
  type SampleResultLine,
} from '@sil/contract';
import { describe, expect, it } from 'vitest';
import {
  calculatedPreview,
  isChanged,
  isOutOfRange,
  previewOf,
  resultParameterOf,
  shownOfStored,
  typedResult,
} from './result-reading';

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

  it('reports a measure below the detection limit as the limit, in the calculated unit', () => {
    // < 0.10 g/L is reported as < 0.56 mmol/L, beside the range in mmol/L.
    expect(previewOf('0,05', 'fr', glucose, patient(), null)).toMatchObject({
      censored: '<',
      calculated: 0.56,
      calculatedRange: { min: 3.89, max: 6.11 },
      flags: ['low', 'belowDetection'],
    });
  });

  it('refuses a negative concentration as out of bounds', () => {
    expect(previewOf('-1', 'fr', glucose, patient(), null).outOfBounds).toBe(true);
  });

  it('refuses a measure outside the plausibility limits before it is saved, naming them', () => {
    // The demo haemoglobin: no detection limit, plausible up to 30 g/dL, never negative.
    const haemoglobin = resultParameterOf(parameter({ parameter_decimals: 1, parameter_plausible_max: 30 }));
    expect(previewOf('-5', 'fr', haemoglobin, patient(), null)).toMatchObject({
      value: -5,
      outOfBounds: true,
      plausibleBounds: { min: 0, max: 30 },
      flags: [],
    });
    expect(previewOf('135', 'fr', haemoglobin, patient(), null).outOfBounds).toBe(true);
    expect(previewOf('13,5', 'fr', haemoglobin, patient(), null)).toMatchObject({
      value: 13.5,
      outOfBounds: false,
      plausibleBounds: null,
    });
    // A base excess the laboratory allows down to −30 mmol/L.
    const baseExcess = resultParameterOf(
      parameter({ parameter_plausible_min: -30, parameter_plausible_max: 30 }),
    );
    expect(previewOf('-4,2', 'fr', baseExcess, patient(), null).outOfBounds).toBe(false);
    expect(previewOf('-31', 'fr', baseExcess, patient(), null).plausibleBounds).toEqual({
      min: -30,
      max: 30,
    });
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
      calculation_inputs: null,
    } as unknown as SampleResultLine;
    expect(isChanged(line, '1,26', 'fr')).toBe(false);
    expect(isChanged(line, '1,27', 'fr')).toBe(true);
    expect(isChanged({ ...line, result: null }, '', 'fr')).toBe(false);
  });

  it('calculates LDL from the saved inputs and follows what is typed on the sample', () => {
    const ldl = resultParameterOf(
      parameter({
        parameter_decimals: 2,
        parameter_has_formula: true,
        parameter_formula: 'when($TG < 4.5, $CT - $HDL - $TG / 2.2)',
        parameter_ranges: [
          {
            matrix_id: null,
            population: 'default',
            min: null,
            max: 4.1,
            comment: null,
            delta: null,
            post_conversion_comment: null,
          },
        ],
      }),
    );
    const digit = { CT: 2, HDL: 3, TG: 4 } as const;
    const input = (code: keyof typeof digit, value: number | null) => ({
      parameter_id: `00000000-0000-4000-8000-00000000000${digit[code]}`,
      parameter_code: code,
      parameter_name: code,
      value,
    });
    const line = {
      calculation_inputs: [input('CT', 5.48), input('HDL', 1.5), input('TG', 1.2)],
    } as unknown as SampleResultLine;
    expect(calculatedPreview(line, new Map(), ldl, patient(), null)).toMatchObject({
      calculated: 3.43,
      flags: [],
    });
    // HDL typed down to 0.4 g/L reads 1.03 mmol/L on the bench: LDL follows before saving.
    const typedHdl = new Map([[input('HDL', null).parameter_id, 1.03]]);
    expect(calculatedPreview(line, typedHdl, ldl, patient(), null)).toMatchObject({ calculated: 3.9 });
    const highTg = { calculation_inputs: [input('CT', 8), input('HDL', 1), input('TG', 4.8)] };
    expect(
      calculatedPreview(highTg as unknown as SampleResultLine, new Map(), ldl, patient(), null),
    ).toMatchObject({ calculated: null, calculationError: { code: 'conditionNotMet', detail: '$TG < 4.5' } });
    expect(isChanged(line, '12', 'fr')).toBe(false);
  });
});

describe('the bench reading of a saved result', () => {
  const saved: ResultRow = {
    result_id: ID,
    result_sample: ID,
    result_parameter: ID,
    result_value: 1.26,
    result_text: null,
    result_calculated: 6.99,
    result_censored: null,
    result_unit: 'mmol/L',
    result_population: 'default',
    result_range_min: 3.89,
    result_range_max: 6.11,
    result_raw_range_min: 0.7,
    result_raw_range_max: 1.1,
    result_flags: ['high'],
    result_entered_by: ID,
    result_entered_by_name: 'Technicien',
    result_entered_at: STAMP,
    result_last_updated: STAMP,
  };

  it('shows the raw range beside the measure and the stored range beside the converted value', () => {
    expect(shownOfStored(saved, null)).toMatchObject({
      value: 1.26,
      calculated: 6.99,
      range: { min: 0.7, max: 1.1 },
      calculatedRange: { min: 3.89, max: 6.11 },
    });
  });

  it('shows a result calculated from others with its range as written, in the calculated unit', () => {
    const ldl = { ...saved, result_value: 3.43, result_calculated: 3.43, result_raw_range_min: null };
    expect(shownOfStored({ ...ldl, result_raw_range_max: null }, null, null, true)).toMatchObject({
      range: { min: 3.89, max: 6.11 },
      calculatedRange: null,
    });
  });
});
