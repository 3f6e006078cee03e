import { describe, expect, it } from 'vitest';
import { EMPTY_SHOWN } from './result-reading';
import { reportedText } from './result-words';

const line = { parameter_unit: 'g/L', parameter_unit_after_calc: 'mmol/L', parameter_decimals: 2 };
const NBSP = '\u00a0';

describe('the value as the report prints it (Results table, spec.md §2)', () => {
  it('is nothing before a result is typed or saved', () => {
    expect(reportedText(line, EMPTY_SHOWN, 'fr')).toBeNull();
  });

  it('is the measure in the measured unit, in the language of the screen', () => {
    expect(reportedText(line, { ...EMPTY_SHOWN, value: 1.26 }, 'fr')).toEqual({
      text: `1,26${NBSP}g/L`,
      marks: '',
    });
    expect(reportedText(line, { ...EMPTY_SHOWN, value: 1.26 }, 'en')?.text).toBe(`1.26${NBSP}g/L`);
  });

  it('is the calculated value in the calculated unit when the parameter converts it, marked H or L', () => {
    const shown = { ...EMPTY_SHOWN, value: 1.26, calculated: 6.99, flags: ['high' as const] };
    expect(reportedText(line, shown, 'fr')).toEqual({ text: `6,99${NBSP}mmol/L`, marks: 'H' });
    const measured = { ...line, parameter_unit_after_calc: null };
    expect(reportedText(measured, shown, 'fr')?.text).toBe(`6,99${NBSP}g/L`);
  });

  it("keeps a censored value's sign and prints the zones' marks", () => {
    expect(reportedText(line, { ...EMPTY_SHOWN, value: 0.05, censored: '<', flags: ['low'] }, 'fr')).toEqual({
      text: `<${NBSP}0,05${NBSP}g/L`,
      marks: 'L',
    });
    expect(reportedText(line, { ...EMPTY_SHOWN, value: 3, flags: ['toxic', 'high'] }, 'fr')?.marks).toBe(
      '* H',
    );
  });

  it('is the text of a qualitative result, with no unit', () => {
    expect(reportedText(line, { ...EMPTY_SHOWN, text: 'positif', flags: ['positive'] }, 'fr')).toEqual({
      text: 'positif',
      marks: '',
    });
  });
});
