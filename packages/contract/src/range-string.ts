/**
 * The range-or-threshold text of forensic remarks (spec.md §5): 'min - max' ('8 - 20'),
 * '<x' or '>x' ('< 30', '> 10').
 *
 * What is accepted, beyond the spec's examples:
 * - spaces anywhere between the parts, or none ('8-20', '<30');
 * - a decimal point or a decimal comma ('0,5 - 1.5'), since French laboratories write both;
 * - negative numbers ('-2 - 2', '> -5'): some results (base excess, differences) go below zero;
 *   the first '-' after a number is the separator, so '-5 - -2' reads as −5 to −2;
 * - an en dash as the separator ('8 – 20'), as word processors turn the hyphen into one;
 * - '<=' '>=' and '≤' '≥' for inclusive thresholds: legal limits are often 'from x upwards'.
 * Bounds are inclusive for 'min - max', and min must not exceed max. Numbers without a digit before
 * the decimal mark ('.5'), exponents and thousands separators are refused.
 */

export type RangeString =
  | { kind: 'between'; min: number; max: number }
  | { kind: 'below'; max: number; inclusive: boolean }
  | { kind: 'above'; min: number; inclusive: boolean };

const NUMBER = String.raw`-?\d+(?:[.,]\d+)?`;
const BETWEEN = new RegExp(String.raw`^(${NUMBER})\s*[-–]\s*(${NUMBER})$`);
const THRESHOLD = new RegExp(String.raw`^(<=|>=|<|>|≤|≥)\s*(${NUMBER})$`);

/**
 * Longer texts cannot be a range; refused before any regular expression runs. A double written
 * without exponent takes at most about 330 characters, so any range this module writes fits.
 */
const MAX_LENGTH = 800;

function toNumber(text: string): number | null {
  const value = Number(text.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  // '-0' is written by nobody on purpose and would not survive formatting.
  return value === 0 ? 0 : value;
}

export function parseRangeString(text: unknown): RangeString | null {
  if (typeof text !== 'string' || text.length > MAX_LENGTH) return null;
  const trimmed = text.trim();
  const between = BETWEEN.exec(trimmed);
  if (between) {
    const min = toNumber(between[1]!);
    const max = toNumber(between[2]!);
    if (min === null || max === null || min > max) return null;
    return { kind: 'between', min, max };
  }
  const threshold = THRESHOLD.exec(trimmed);
  if (!threshold) return null;
  const bound = toNumber(threshold[2]!);
  if (bound === null) return null;
  const sign = threshold[1]!;
  const inclusive = sign.length === 2 || sign === '≤' || sign === '≥';
  return sign.startsWith('<') || sign === '≤'
    ? { kind: 'below', max: bound, inclusive }
    : { kind: 'above', min: bound, inclusive };
}

/**
 * Writes a number without exponent, from the shortest digits that read back as the same double,
 * so that formatting then parsing gives the very same number.
 */
function plainNumber(value: number): string {
  const shortest = String(value === 0 ? 0 : value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(shortest);
  if (!match) return shortest;
  const [, sign, head, tail = '', exponentText] = match;
  const digits = `${head}${tail}`;
  const exponent = Number(exponentText);
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const padded = digits.padEnd(exponent + 1, '0');
  const point = exponent + 1;
  return point < padded.length
    ? `${sign}${padded.slice(0, point)}.${padded.slice(point)}`
    : `${sign}${padded}`;
}

export interface RangeFormatOptions {
  /** '.' by default; ',' for texts shown to French readers. */
  decimalSeparator?: '.' | ',';
}

/** Writes a range in the spec's spelling: '8 - 20', '< 30', '> 10', '<= 30', '>= 10'. */
export function formatRangeString(range: RangeString, options: RangeFormatOptions = {}): string {
  const separator = options.decimalSeparator ?? '.';
  const write = (value: number) => plainNumber(value).replace('.', separator);
  switch (range.kind) {
    case 'between':
      return `${write(range.min)} - ${write(range.max)}`;
    case 'below':
      return `${range.inclusive ? '<=' : '<'} ${write(range.max)}`;
    case 'above':
      return `${range.inclusive ? '>=' : '>'} ${write(range.min)}`;
  }
}

/** Whether a result falls within the range; bounds of 'min - max' are included. */
export function rangeContains(range: RangeString, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  switch (range.kind) {
    case 'between':
      return value >= range.min && value <= range.max;
    case 'below':
      return range.inclusive ? value <= range.max : value < range.max;
    case 'above':
      return range.inclusive ? value >= range.min : value > range.min;
  }
}
