import { describe, expect, it } from 'vitest';
import { decimalMark, formatCents, formatNumber, parseTypedNumber } from './numbers';
import { formatValueText } from './value-text';

// Intl groups French thousands with a narrow no-break space.
const NNBSP = '\u202f';

describe('numbers in the screen language', () => {
  it('uses the decimal mark of the language', () => {
    expect(decimalMark('fr')).toBe(',');
    expect(decimalMark('en')).toBe('.');
    expect(formatNumber(3.5, 'fr')).toBe('3,5');
    expect(formatNumber(3.5, 'en')).toBe('3.5');
  });

  it('groups thousands as the language does', () => {
    expect(formatNumber(12345.25, 'fr')).toBe(`12${NNBSP}345,25`);
    expect(formatNumber(12345.25, 'en')).toBe('12,345.25');
  });

  it('hides binary rounding noise and fixes decimals when asked', () => {
    expect(formatNumber(0.1 + 0.2, 'fr')).toBe('0,3');
    expect(formatNumber(2, 'fr', { decimals: 2 })).toBe('2,00');
    expect(formatNumber(1.005, 'en', { decimals: 1 })).toBe('1.0');
  });

  it('writes cents as euros of the language', () => {
    expect(formatCents(1250, 'fr')).toBe('12,50\u00a0€');
    expect(formatCents(1250, 'en')).toBe('€12.50');
  });

  it('shows nothing for what is not a number', () => {
    expect(formatNumber(null, 'fr')).toBe('—');
    expect(formatNumber(Number.NaN, 'fr')).toBe('—');
  });
});

describe('numbers being typed', () => {
  it('reads either mark as the decimal one, and an unfinished decimal as what is there yet', () => {
    expect(parseTypedNumber('3,5', 'fr')).toBe(3.5);
    expect(parseTypedNumber('3.5', 'fr')).toBe(3.5);
    expect(parseTypedNumber('3,', 'fr')).toBe(3);
    expect(parseTypedNumber('-0,25', 'fr')).toBe(-0.25);
    expect(parseTypedNumber('3.5', 'en')).toBe(3.5);
    expect(parseTypedNumber(',5', 'fr')).toBe(0.5);
    expect(parseTypedNumber(`1${NNBSP}234,5`, 'fr')).toBe(1234.5);
  });

  it('finds no number in a sign alone, letters or two marks', () => {
    for (const text of ['', '-', ',', 'abc', '3,5,1', '1e5']) expect(parseTypedNumber(text, 'fr')).toBeNull();
  });
});

describe('values kept as text', () => {
  it('writes decimals and dates in the screen language, and leaves codes alone', () => {
    expect(formatValueText('3.5', 'fr')).toBe('3,5');
    expect(formatValueText('-0.25', 'en')).toBe('-0.25');
    expect(formatValueText('1985-03-14', 'fr')).toBe('14/03/1985');
    expect(formatValueText('185037510512345', 'fr')).toBe('185037510512345');
    expect(formatValueText('+33612345678', 'fr')).toBe('+33612345678');
    expect(formatValueText('v1.2.3', 'fr')).toBe('v1.2.3');
  });
});
