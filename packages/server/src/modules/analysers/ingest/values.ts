import type { AnalyserMappingRow, ParsedResult } from '@sil/contract';

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;

/**
 * The value the bench is given for an analyser's result: a number (times the mapping's factor),
 * else its text as sent ('< 0.5', 'POS'); null when it sent none.
 */
export function benchValue(
  result: ParsedResult,
  mapping: Pick<AnalyserMappingRow, 'unit_factor'>,
): { result_value: number | null; result_text: string | null } | null {
  const text = result.value.trim();
  if (!text) return null;
  if (NUMBER.test(text)) {
    const value = Number(text.replace(',', '.')) * (mapping.unit_factor ?? 1);
    // The factor's binary noise (0.1 × 3) is not a measure: twelve significant digits are kept.
    return { result_value: Number(value.toPrecision(12)), result_text: null };
  }
  return { result_value: null, result_text: text };
}

/** A number for a control value, or null. */
export function controlValue(result: ParsedResult, factor: number | null): number | null {
  const text = result.value.trim();
  return NUMBER.test(text) ? Number((Number(text.replace(',', '.')) * (factor ?? 1)).toPrecision(12)) : null;
}

/** Whether the analyser's unit disagrees with the one its mapping says it sends. */
export const unitMismatch = (result: ParsedResult, mapping: Pick<AnalyserMappingRow, 'analyser_unit'>) =>
  Boolean(
    mapping.analyser_unit &&
      result.unit.trim() &&
      mapping.analyser_unit.trim().toLowerCase() !== result.unit.trim().toLowerCase(),
  );

const PARIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes Paris is ahead of UTC at an instant. */
function parisOffset(instant: number): number {
  const parts = Object.fromEntries(
    PARIS.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  );
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return Math.round((asUtc - instant) / 60_000);
}

/**
 * An analyser's time (ASTM/HL7 `YYYYMMDD[HHMM[SS]]`, the laboratory's wall clock, Europe/Paris
 * unless an offset is written) as an instant; null when it wrote none or something else.
 */
export function runInstant(text: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?(?:\.\d+)?([+-]\d{4})?$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(wall)) return null;
  const offset = zone
    ? (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)))
    : parisOffset(wall - parisOffset(wall) * 60_000);
  return new Date(wall - offset * 60_000).toISOString();
}
