import type { ResultFlag } from '@sil/contract';
import { formatNumber } from './numbers';

/** Flags that call the reader's eye first (out of range, dangerous zones): red, and highlighted. */
export const ALARMING_FLAGS: readonly ResultFlag[] = ['low', 'high', 'toxic', 'deadly', 'positive'];

/** Whether one of a result's flags is alarming. */
export const isAlarming = (flags: readonly ResultFlag[]) =>
  flags.some((flag) => ALARMING_FLAGS.includes(flag));

/** A value as reported: the text of a qualitative result, else the number with its censoring sign. */
export function valueText(
  value: { result_text: string | null; result_calculated: number | null; result_value: number | null },
  censored: '<' | '>' | null,
  decimals: number | null,
  language: string,
): string {
  if (value.result_text) return value.result_text;
  const number = formatNumber(value.result_calculated ?? value.result_value, language, {
    ...(decimals === null ? {} : { decimals }),
  });
  return censored ? `${censored} ${number}` : number;
}

/**
 * The range applied, in the unit of the value beside it (the server stores it so): '3,89 – 6,11
 * mmol/L', '≤ 5,0 mmol/L' or '≥ 60 mL/min' when only one bound is written; '—' without one.
 */
export function rangeText(
  range: { result_range_min: number | null; result_range_max: number | null },
  unit: string,
  decimals: number | null,
  language: string,
): string {
  const { result_range_min: min, result_range_max: max } = range;
  const number = (value: number) => formatNumber(value, language, decimals === null ? {} : { decimals });
  const bounds =
    min !== null && max !== null
      ? `${number(min)} – ${number(max)}`
      : min !== null
        ? `≥ ${number(min)}`
        : max !== null
          ? `≤ ${number(max)}`
          : null;
  return bounds === null ? '—' : `${bounds} ${unit}`.trim();
}
