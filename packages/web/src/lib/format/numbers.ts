import { intlLocale } from './dates';

/** The decimal mark of the screen's language: '3,5' in French, '3.5' in English. */
export function decimalMark(language: string): ',' | '.' {
  return intlLocale(language) === 'fr-FR' ? ',' : '.';
}

/**
 * The number a typed text holds so far, in the screen's language: '3,5' and '3.5' are 3.5, an
 * unfinished '3,' is 3 (what is there yet); a text with no number in it ('', '-') is null.
 */
export function parseTypedNumber(text: string, language: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const normal = decimalMark(language) === ',' ? compact.replace(',', '.') : compact.replace(/,/g, '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normal)) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A number as the screen writes it (decimal mark and digit grouping of its language). Up to
 * `maxDecimals` decimals are kept, enough to show what was typed and to hide binary rounding noise
 * (0.1 + 0.2 reads 0,3); `decimals` fixes their count (a result's precision, money).
 */
export function formatNumber(
  value: number | null | undefined,
  language: string,
  options: { decimals?: number; maxDecimals?: number } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const min = options.decimals ?? 0;
  const max = options.decimals ?? options.maxDecimals ?? 10;
  const key = `${intlLocale(language)}|${min}|${max}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(intlLocale(language), {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    formatters.set(key, found);
  }
  return found.format(value);
}

const euros = new Map<string, Intl.NumberFormat>();

/** An amount kept in integer cents (ARCHITECTURE.md 'Money') as the screen writes euros: 12,50 € or €12.50. */
export function formatCents(cents: number | null | undefined, language: string): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '—';
  const locale = intlLocale(language);
  let found = euros.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    euros.set(locale, found);
  }
  return found.format(cents / 100);
}
