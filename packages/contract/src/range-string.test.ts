import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRangeString, parseRangeString, type RangeString, rangeContains } from './range-string.js';

describe('parseRangeString', () => {
  it('reads the spec examples', () => {
    expect(parseRangeString('8 - 20')).toEqual({ kind: 'between', min: 8, max: 20 });
    expect(parseRangeString('< 30')).toEqual({ kind: 'below', max: 30, inclusive: false });
    expect(parseRangeString('> 10')).toEqual({ kind: 'above', min: 10, inclusive: false });
    expect(parseRangeString('<30')).toEqual({ kind: 'below', max: 30, inclusive: false });
  });

  it('accepts decimal commas, negatives, dashes and inclusive thresholds', () => {
    expect(parseRangeString(' 0,5-1.25 ')).toEqual({ kind: 'between', min: 0.5, max: 1.25 });
    expect(parseRangeString('-5 - -2')).toEqual({ kind: 'between', min: -5, max: -2 });
    expect(parseRangeString('-2-2')).toEqual({ kind: 'between', min: -2, max: 2 });
    expect(parseRangeString('8 – 20')).toEqual({ kind: 'between', min: 8, max: 20 });
    expect(parseRangeString('3 - 3')).toEqual({ kind: 'between', min: 3, max: 3 });
    expect(parseRangeString('<= 0,5')).toEqual({ kind: 'below', max: 0.5, inclusive: true });
    expect(parseRangeString('≥ 2')).toEqual({ kind: 'above', min: 2, inclusive: true });
    expect(parseRangeString('≤2')).toEqual({ kind: 'below', max: 2, inclusive: true });
    expect(parseRangeString('> -5')).toEqual({ kind: 'above', min: -5, inclusive: false });
  });

  it('refuses what is not a range', () => {
    for (const text of [
      '',
      '20 - 8',
      '-2 - -5',
      '8 -',
      '- 20',
      '8 - 20 - 30',
      '< ',
      '=< 3',
      '<< 3',
      '.5 - 1',
      '1e3 - 2e3',
      '1 000 - 2 000',
      '1.2.3 - 4',
      'abc',
      '8 à 20',
      '< 3 mg/L',
      `1 - ${'9'.repeat(400)}`,
      `1 - ${'1'.repeat(900)}`,
    ]) {
      expect(parseRangeString(text), text).toBeNull();
    }
    expect(parseRangeString(12)).toBeNull();
  });
});

describe('formatRangeString', () => {
  it('writes the spec spelling', () => {
    expect(formatRangeString({ kind: 'between', min: 8, max: 20 })).toBe('8 - 20');
    expect(formatRangeString({ kind: 'below', max: 30, inclusive: false })).toBe('< 30');
    expect(formatRangeString({ kind: 'above', min: 10, inclusive: true })).toBe('>= 10');
    expect(formatRangeString({ kind: 'between', min: 0.5, max: 1.5 }, { decimalSeparator: ',' })).toBe(
      '0,5 - 1,5',
    );
    expect(formatRangeString({ kind: 'below', max: 1.5e-7, inclusive: false })).toBe('< 0.00000015');
    expect(formatRangeString({ kind: 'above', min: 2e21, inclusive: false })).toBe(
      '> 2000000000000000000000',
    );
    expect(formatRangeString({ kind: 'above', min: -1.25e22, inclusive: false })).toBe(
      '> -12500000000000000000000',
    );
  });
});

describe('rangeContains', () => {
  it('includes the bounds of a range and follows the threshold sign', () => {
    const between: RangeString = { kind: 'between', min: 8, max: 20 };
    expect([7.9, 8, 14, 20, 20.1].map((v) => rangeContains(between, v))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(rangeContains({ kind: 'below', max: 30, inclusive: false }, 30)).toBe(false);
    expect(rangeContains({ kind: 'below', max: 30, inclusive: true }, 30)).toBe(true);
    expect(rangeContains({ kind: 'above', min: 10, inclusive: false }, 10)).toBe(false);
    expect(rangeContains({ kind: 'above', min: 10, inclusive: true }, 10)).toBe(true);
    expect(rangeContains(between, Number.NaN)).toBe(false);
  });
});

describe('range string properties', () => {
  const bound = fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => (v === 0 ? 0 : v));
  const range: fc.Arbitrary<RangeString> = fc.oneof(
    fc
      .tuple(bound, bound)
      .map(([a, b]): RangeString => ({ kind: 'between', min: Math.min(a, b), max: Math.max(a, b) })),
    fc.tuple(bound, fc.boolean()).map(([max, inclusive]): RangeString => ({ kind: 'below', max, inclusive })),
    fc.tuple(bound, fc.boolean()).map(([min, inclusive]): RangeString => ({ kind: 'above', min, inclusive })),
  );

  it('reads back what it writes, with either decimal mark', () => {
    fc.assert(
      fc.property(range, fc.constantFrom<'.' | ','>('.', ','), (value, decimalSeparator) => {
        expect(parseRangeString(formatRangeString(value, { decimalSeparator }))).toEqual(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes back what it reads', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.nat(100000), fc.option(fc.nat(999)))
      .map(
        ([negative, whole, fraction]) =>
          `${negative && whole > 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`,
      )
      .filter((text) => !/\.\d*0$/.test(text));
    const text = fc.oneof(
      fc.tuple(decimal, fc.constantFrom('<', '>', '<=', '>=')).map(([n, sign]) => `${sign} ${n}`),
      fc.tuple(decimal, decimal).map(([a, b]) => `${a} - ${b}`),
    );
    fc.assert(
      fc.property(text, (written) => {
        const parsed = parseRangeString(written);
        if (parsed) expect(formatRangeString(parsed)).toBe(written);
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '=',
      '≤',
      '≥',
      '-',
      '–',
      ' ',
      ',',
      '.',
      '1',
      '20',
      '0',
      'e',
      '\t',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.array(pieces, { maxLength: 15 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, fc.double(), (written, value) => {
        const parsed = parseRangeString(written);
        if (parsed === null) return;
        if (parsed.kind === 'between') expect(parsed.min).toBeLessThanOrEqual(parsed.max);
        expect(typeof rangeContains(parsed, value)).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });
});
