import { formatDateLike } from './dates';
import { formatNumber } from './numbers';

/**
 * A value kept as text (a summary's input, an audit trail's old or new value) as the screen writes
 * it: dates and times in its words, a decimal with its decimal mark. Codes, names and whole
 * numbers (a NIR, a phone) are left as they are.
 */
export function formatValueText(text: string, language: string): string {
  if (/^-?\d+\.\d+$/.test(text)) return formatNumber(Number(text), language, { maxDecimals: 10 });
  return formatDateLike(text, language);
}
