import { describe, expect, it } from 'vitest';
import { readNumber } from './numbers.js';

describe('readNumber', () => {
  it.each([
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['-0.016', -0.016],
    ['1 234,5', 1234.5],
    ['1\u202f234,5', 1234.5],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['208,401.988', 208401.988],
    ['1,334,510.690', 1334510.69],
    ['12 000', 12000],
    ['1.2E-3', 0.0012],
    ['767 Copies / mL', 767],
    ['0', 0],
  ])('reads %s as %s', (text, value) => {
    expect(readNumber(text)).toEqual({ value, censored: null });
  });

  it('keeps a limit written by the instrument', () => {
    expect(readNumber('< 40 Copies / mL')).toEqual({ value: 40, censored: '<' });
    expect(readNumber('>1000')).toEqual({ value: 1000, censored: '>' });
  });

  it.each(['', '-----', '----', 'N/A', 'NaN', 'Undetermined', 'POS', 'Rh+ (D positif)', 'E. coli > 10^5'])(
    'reads no number in %j',
    (text) => {
      expect(readNumber(text).value).toBeNull();
    },
  );
});
