/** One act of the national table as an import file describes it, before it meets the database. */
export interface NabmAct {
  nabm_code: string;
  nabm_wording: string;
  nabm_chapter: string | null;
  nabm_subchapter: string | null;
  nabm_key_letter: string;
  nabm_coef_b: number;
  nabm_agreement: boolean;
  nabm_bio_initiative: boolean;
  nabm_blood_test: boolean;
  nabm_contingency: boolean;
  nabm_incompatible_codes: string[];
  nabm_last_eeet_date: string | null;
  nabm_max_num_code: number | null;
  nabm_rmo: string | null;
  nabm_spec_rule_num: string | null;
  /** The most acts of the same special rule one prescription bills. */
  nabm_spec_rule_max: number | null;
  nabm_reserved_acts: boolean;
  nabm_creation_date: string | null;
  nabm_end_date: string | null;
  /** The source marks the act inactive without an end date. */
  inactive: boolean;
}

export const ACT_FIELDS = [
  'nabm_wording',
  'nabm_chapter',
  'nabm_subchapter',
  'nabm_key_letter',
  'nabm_coef_b',
  'nabm_agreement',
  'nabm_bio_initiative',
  'nabm_blood_test',
  'nabm_contingency',
  'nabm_incompatible_codes',
  'nabm_last_eeet_date',
  'nabm_max_num_code',
  'nabm_rmo',
  'nabm_spec_rule_num',
  'nabm_spec_rule_max',
  'nabm_reserved_acts',
  'nabm_creation_date',
  'nabm_end_date',
] as const satisfies ReadonlyArray<keyof NabmAct>;

/** NABM codes are 4-character strings; files often carry them as numbers without leading zeros. */
export function normalizeCode(raw: string): string | null {
  const code = raw.trim();
  return /^\d{1,4}$/.test(code) ? code.padStart(4, '0') : null;
}

const MONTHS: Record<string, string> = {
  JAN: '01',
  FEB: '02',
  MAR: '03',
  APR: '04',
  MAY: '05',
  JUN: '06',
  JUL: '07',
  AUG: '08',
  SEP: '09',
  OCT: '10',
  NOV: '11',
  DEC: '12',
};

/** Dates as the national files write them: '01JAN1996:00:00:00', '1996-01-01', '01/01/1996' or ISO date-times. */
export function parseDate(raw: string | undefined): string | null | undefined {
  const text = raw?.trim();
  if (!text) return null;
  const sas = /^(\d{2})([A-Z]{3})(\d{4})(:.*)?$/.exec(text.toUpperCase());
  if (sas) {
    const month = MONTHS[sas[2] ?? ''];
    return month ? `${sas[3]}-${month}-${sas[1]}` : undefined;
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const french = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (french) return `${french[3]}-${french[2]}-${french[1]}`;
  return undefined;
}

export function parseDecimal(raw: string | number | undefined): number | null | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  const text = raw?.trim().replace(',', '.');
  if (!text) return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : undefined;
}

export const isFlag = (raw: string | boolean | undefined) =>
  raw === true ||
  (typeof raw === 'string' && ['1', 'o', 'oui', 'y', 'yes', 'true'].includes(raw.trim().toLowerCase()));

export const textOrNull = (raw: string | undefined) => {
  const text = raw?.trim();
  return text ? text : null;
};
