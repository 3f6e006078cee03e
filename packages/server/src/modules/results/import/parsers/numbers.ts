/** A number read from an instrument cell, and whether the instrument wrote it as a limit. */
export interface ReadNumber {
  value: number | null;
  censored: '<' | '>' | null;
}

const NO_NUMBER: ReadNumber = { value: null, censored: null };

/**
 * Reads the French and English ways of writing a number: `12,5`, `12.5`, `1 234,5`, `1.234,5`,
 * `1,234.5`, `-0.016`, `1.2E-3`, with an optional leading `<`/`>` and a unit after it
 * (`< 40 Copies / mL`). `-----`, `N/A`, `NaN`, `Undetermined` and empty are no number.
 */
export function readNumber(text: string): ReadNumber {
  const match = /^([<>])?\s*([-+]?[\d\s.,\u00a0\u202f]*\d(?:[eE][-+]?\d+)?)(?:\s*[^\d\s].*)?$/.exec(
    text.trim(),
  );
  if (!match?.[2]) return NO_NUMBER;
  const censored = (match[1] as '<' | '>' | undefined) ?? null;
  let digits = match[2].replace(/[\s\u00a0\u202f]/g, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both separators: the last one is the decimal mark, the other groups thousands.
    const thousands = lastComma > lastDot ? '.' : ',';
    digits = digits.split(thousands).join('');
    digits = digits.replace(',', '.');
  } else if (lastComma >= 0) {
    const groups = digits.split(',');
    const thousandsOnly =
      groups.length > 2 && groups.slice(1).every((group) => /^\d{3}$/.test(group.replace(/e.*$/i, '')));
    digits = thousandsOnly ? groups.join('') : digits.replace(',', '.');
  } else if (lastDot >= 0 && digits.split('.').length > 2) {
    digits = digits.split('.').join('');
  }
  if (!/^[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?$/.test(digits)) return NO_NUMBER;
  const value = Number(digits);
  return Number.isFinite(value) ? { value, censored } : NO_NUMBER;
}
