import type { ResultFlag } from '@sil/contract';
import type { ExchangeResult } from '../document.js';

/** The parts of an instant on the laboratory's clock (Europe/Paris), with its UTC offset (+0100). */
function parisParts(stamp: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(stamp))
      .map((part) => [part.type, part.value]),
  );
  const offset = /GMT([+-]\d{2}):(\d{2})/.exec(parts.timeZoneName ?? '');
  return {
    date: `${parts.year}${parts.month}${parts.day}`,
    time: `${parts.hour}${parts.minute}${parts.second}`,
    offset: offset ? `${offset[1]}${offset[2]}` : '+0000',
  };
}

/** YYYYMMDDHHMMSS+ZZZZ, the timestamp of HL7 v2 (TS/DTM) and of CDA (TS). */
export function hl7Time(stamp: string | undefined): string {
  if (!stamp) return '';
  const { date, time, offset } = parisParts(stamp);
  return `${date}${time}${offset}`;
}

/** YYYYMMDDHHMMSS on the laboratory's clock, HPRIM Santé's timestamps (no offset). */
export function hprimTime(stamp: string | undefined): string {
  if (!stamp) return '';
  const { date, time } = parisParts(stamp);
  return `${date}${time}`;
}

/** YYYYMMDD of a calendar date YYYY-MM-DD. */
export const compactDate = (date: string) => date.replaceAll('-', '');

/** A number as exchanged: a point for decimals, the parameter's decimals when it has some. */
export function decimal(value: number, decimals: number | null): string {
  return decimals === null ? String(value) : value.toFixed(decimals);
}

/**
 * The abnormal flags (HL7 table 0078 and FHIR/CDA ObservationInterpretation share these codes):
 * low L, high H, toxic A, deadly AA, positive POS, negative NEG, below/above the detection limit < >;
 * N for a number inside its range.
 */
const INTERPRETATION: Partial<Record<ResultFlag, string>> = {
  low: 'L',
  high: 'H',
  toxic: 'A',
  deadly: 'AA',
  positive: 'POS',
  negative: 'NEG',
  belowDetection: '<',
  aboveDetection: '>',
};
export const INTERPRETATION_NAMES: Record<string, string> = {
  L: 'Low',
  H: 'High',
  A: 'Abnormal',
  AA: 'Critical abnormal',
  POS: 'Positive',
  NEG: 'Negative',
  '<': 'Off scale low',
  '>': 'Off scale high',
  N: 'Normal',
};

export function interpretationCodes(result: ExchangeResult): string[] {
  const codes = result.flags.flatMap((flag) => INTERPRETATION[flag] ?? []);
  if (codes.length > 0) return [...new Set(codes)];
  const ranged = result.low !== null || result.high !== null;
  return result.value !== null && ranged ? ['N'] : [];
}

/** The reference range as text: '3.5-5.1', '<5', '>60'; empty without one. */
export function rangeText(result: ExchangeResult): string {
  const low = result.low === null ? null : decimal(result.low, result.decimals);
  const high = result.high === null ? null : decimal(result.high, result.decimals);
  if (low !== null && high !== null) return `${low}-${high}`;
  if (high !== null) return `<${high}`;
  if (low !== null) return `>${low}`;
  return '';
}

/** The result as text (a number with its censoring, '< 0.5'), for narrative and text segments. */
export function valueText(result: ExchangeResult): string {
  if (result.value === null) return result.text ?? '';
  const number = decimal(result.value, result.decimals);
  return result.censored ? `${result.censored}${number}` : number;
}

/** A file name safe everywhere: the record number and the format's extension. */
export const exchangeFileName = (recordNumber: string, extension: string) =>
  `${recordNumber.replace(/[^0-9A-Za-z_-]+/g, '_')}.${extension}`;
