import { describe, expect, it } from 'vitest';
import { isAlarming, rangeText, valueText } from './result-text';

const value = (fields: { text?: string; calculated?: number; raw?: number }) => ({
  result_text: fields.text ?? null,
  result_calculated: fields.calculated ?? null,
  result_value: fields.raw ?? null,
});

describe('valueText', () => {
  it('writes the calculated value with the parameter decimals and the language decimal mark', () => {
    expect(valueText(value({ raw: 1.26, calculated: 6.994 }), null, 2, 'fr')).toBe('6,99');
    expect(valueText(value({ raw: 1.26, calculated: 6.994 }), null, 2, 'en')).toBe('6.99');
  });

  it('falls back on the raw value and keeps the detection-limit sign', () => {
    expect(valueText(value({ raw: 0.1 }), '<', 1, 'fr')).toBe('< 0,1');
  });

  it('shows a qualitative result as written', () => {
    expect(valueText(value({ text: 'positif' }), null, null, 'fr')).toBe('positif');
  });
});

describe('rangeText', () => {
  const range = (min: number | null, max: number | null) => ({
    result_range_min: min,
    result_range_max: max,
  });

  it('writes both bounds, or the one written, in the unit of the value', () => {
    expect(rangeText(range(0.7, 1.1), 'g/L', 2, 'fr')).toBe('0,70 – 1,10 g/L');
    expect(rangeText(range(60, null), 'mL/min', 0, 'en')).toBe('≥ 60 mL/min');
    expect(rangeText(range(null, 5), 'mmol/L', 1, 'fr')).toBe('≤ 5,0 mmol/L');
    expect(rangeText(range(null, null), 'g/L', 2, 'fr')).toBe('—');
  });
});

describe('isAlarming', () => {
  it('calls out of range and dangerous zones alarming, not a detection limit', () => {
    expect(isAlarming(['high'])).toBe(true);
    expect(isAlarming(['belowDetection', 'deadly'])).toBe(true);
    expect(isAlarming(['belowDetection', 'negative'])).toBe(false);
    expect(isAlarming([])).toBe(false);
  });
});
