/**
 * An independent Code 128 reader for tests: it knows nothing of bwip-js and reads the bar and
 * space widths the way a scanner at the reception desk would, so a label test proves the printed
 * symbol decodes back to the sample id rather than that bwip-js agrees with itself.
 */

/** Bar/space widths in modules of symbol values 0–105 (ISO/IEC 15417 table 1). */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
] as const;
const STOP = '2331112';
const START = { A: 103, B: 104, C: 105 } as const;

type CodeSet = 'A' | 'B' | 'C';

/** Decodes alternating bar/space widths (any unit, starting with a bar) into the encoded text. */
export function decodeCode128(widths: readonly number[]): string {
  if ((widths.length - 7) % 6 !== 0 || widths.length < 19) {
    throw new Error(`a Code 128 symbol has 6n + 7 elements, got ${widths.length}`);
  }
  const values: number[] = [];
  for (let start = 0; start < widths.length - 7; start += 6) {
    values.push(symbolValue(normalise(widths.slice(start, start + 6), 11)));
  }
  if (normalise(widths.slice(-7), 13) !== STOP) throw new Error('no stop pattern');
  const [startValue, ...rest] = values;
  const checksum = rest.pop();
  if (startValue === undefined || checksum === undefined) throw new Error('symbol too short');
  const sum = rest.reduce((total, value, index) => total + value * (index + 1), startValue);
  if (sum % 103 !== checksum) throw new Error('wrong check character');
  return decodeValues(startValue, rest);
}

function normalise(widths: readonly number[], modules: number): string {
  const unit = widths.reduce((total, width) => total + width, 0) / modules;
  return widths.map((width) => Math.max(1, Math.min(4, Math.round(width / unit)))).join('');
}

function symbolValue(pattern: string): number {
  const value = PATTERNS.indexOf(pattern as (typeof PATTERNS)[number]);
  if (value < 0) throw new Error(`unknown Code 128 pattern ${pattern}`);
  return value;
}

function decodeValues(startValue: number, values: readonly number[]): string {
  let set: CodeSet = startValue === START.A ? 'A' : startValue === START.B ? 'B' : 'C';
  if (!Object.values(START).includes(startValue as 103)) throw new Error('no start pattern');
  let text = '';
  let shifted = false;
  for (const value of values) {
    const current: CodeSet = shifted ? (set === 'A' ? 'B' : 'A') : set;
    shifted = false;
    if (current === 'C') {
      if (value < 100) text += String(value).padStart(2, '0');
      else if (value === 100) set = 'B';
      else if (value === 101) set = 'A';
      continue;
    }
    if (value < 96) {
      const code = current === 'A' ? (value < 64 ? value + 32 : value - 64) : value + 32;
      text += String.fromCharCode(code);
    } else if (value === 98) shifted = true;
    else if (value === 99) set = 'C';
    else if (value === (current === 'A' ? 100 : 101)) set = current === 'A' ? 'B' : 'A';
    // 96, 97, 102 and FNC4 are function characters: they carry no text of their own.
  }
  return text;
}
