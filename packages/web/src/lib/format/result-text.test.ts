import { describe, expect, it } from 'vitest';
import { valueText } from './sample-results';

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
