import { describe, expect, it } from 'vitest';
import { ParameterRow } from './reference.js';

// No formula parser is installed in this file, as on a screen that only lists parameters.
describe('a parameter row read back', () => {
  const row = {
    parameter_id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
    parameter_name: 'DFG estimé (CKD-EPI 2009)',
    parameter_formula: '141 * pow(min(x / 88.4 / 0.9, 1), -0.411) * pow(0.993, age)',
    parameter_formula_male: null,
    parameter_formula_female: 'when($TG < 4.5, $CT - $HDL - $TG / 2.2)',
    parameter_last_updated: '2026-11-23T10:00:00.000Z',
  };

  it('is read without a formula parser: its formulas were checked when written', () => {
    const parsed = ParameterRow.safeParse(row);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.parameter_formula_female).toBe(row.parameter_formula_female);
  });
});
