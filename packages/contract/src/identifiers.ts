import { z } from 'zod';

/**
 * French health identifiers: RPPS and ADELI of prescribers, NIR and INS of patients, COG codes of
 * birthplaces, and phone numbers (spec.md §3, §5, §9). Each has a plain validator for forms and a
 * zod schema for the contract. Schemas take the text as typed (spaces, dots, lower-case 2a/2b) and
 * give back the normalised form that is stored.
 */

/** Removes the separators people type inside identifiers: spaces, dots, dashes. */
function compact(text: string): string {
  return text.replace(/[\s.-]/g, '').toUpperCase();
}

/** Luhn sum over all digits, the check digit being the last one. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The Luhn digit to append to a body so that the whole validates. */
export function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (luhnValid(`${body}${digit}`)) return String(digit);
  throw new Error('unreachable: one of ten digits always completes a Luhn sum');
}

// ---- RPPS and ADELI (prescribers) -------------------------------------------------------------

/**
 * RPPS number: 11 digits, the last one a Luhn check digit computed over the first ten (so the Luhn
 * sum over all 11 is a multiple of 10). The leading digit, 1 for every RPPS issued so far, is not
 * checked, so that future ranges are not refused.
 */
export function isValidRpps(text: string): boolean {
  const digits = compact(text);
  return /^\d{11}$/.test(digits) && luhnValid(digits);
}

/**
 * ADELI number: 9 digits (department, profession, order). Its last digit is a key whose rule is not
 * published by the health ministry, so only the format is checked.
 */
export function isValidAdeli(text: string): boolean {
  return /^\d{9}$/.test(compact(text));
}

/**
 * Identifiers are read compacted (spaces and dots typed by people removed) and stored that way, so
 * answering a stored one needs no change: a codec, which the server's answer serializer can encode.
 */
const compacted = z.codec(z.string(), z.string(), { decode: compact, encode: (text) => text });

export const rppsSchema = compacted.refine(isValidRpps, 'rpps');
export const adeliSchema = compacted.refine(isValidAdeli, 'adeli');

// ---- FINESS (laboratories) ----------------------------------------------------------------------

/**
 * FINESS number of an establishment (the laboratory's legal or geographic entity): 9 digits, the
 * last one a Luhn key over the first eight (so the Luhn sum over all nine is a multiple of 10).
 */
export function isValidFiness(text: string): boolean {
  const digits = compact(text);
  return /^\d{9}$/.test(digits) && luhnValid(digits);
}
export const finessSchema = compacted.refine(isValidFiness, 'finess');

// ---- NIR (social security number) -------------------------------------------------------------

/**
 * NIR body: sex, year, month, department, commune, order (13 characters), followed by a 2-digit key.
 * Accepted:
 * - sex 1 or 2; 3 and 4 (temporary numbers for people born abroad); 7 and 8 (temporary numbers, NIA);
 * - month 01–12; 20–42 (month unknown or fictitious in the civil record); 50–99 (numbers built
 *   from incomplete civil records). 00, 13–19 and 43–49 are refused;
 * - department two digits, or 2A / 2B for Corsica (for the key, 2A counts as 19 and 2B as 18); the
 *   department and commune digits are not checked further, since historical codes (20 for Corsica
 *   before 1976, 91–96 for former territories, 97x and 98x overseas, 99 abroad) remain valid.
 */
const NIR_PATTERN = /^[123478]\d{2}(0[1-9]|1[0-2]|[23]\d|4[0-2]|[5-9]\d)(\d{2}|2A|2B)\d{6}$/;

/**
 * Key of a 13-character NIR body: 97 − (number mod 97), with 2A → 19 and 2B → 18. Null when the
 * body does not have the NIR layout.
 */
export function nirKey(body: string): string | null {
  const compacted = compact(body);
  if (!NIR_PATTERN.test(compacted)) return null;
  // Letters can only stand in the department, at positions 6 and 7.
  const numeric = `${compacted.slice(0, 5)}${compacted.slice(5, 7).replace('2A', '19').replace('2B', '18')}${compacted.slice(7)}`;
  // 13 digits stay below 2^53, so plain numbers are exact.
  const key = 97 - (Number(numeric) % 97);
  return String(key).padStart(2, '0');
}

/** Whether a 13-character body has the layout described above (without its key). */
export function isValidNirBody(text: string): boolean {
  return NIR_PATTERN.test(compact(text));
}

/** Whether a 15-character NIR (body and key) is valid. */
export function isValidNir(text: string): boolean {
  const nir = compact(text);
  if (nir.length !== 15) return false;
  const body = nir.slice(0, 13);
  return isValidNirBody(body) && /^\d{2}$/.test(nir.slice(13)) && nirKey(body) === nir.slice(13);
}

export const nirSchema = compacted.refine(isValidNir, 'nir');

/** Sex written in the NIR: 1, 3, 7 male; 2, 4, 8 female. */
export function sexOfNir(text: string): 'male' | 'female' | null {
  const nir = compact(text);
  if (!isValidNirBody(nir.slice(0, 13))) return null;
  return '137'.includes(nir[0]!) ? 'male' : 'female';
}

// ---- INS (national health identity) -----------------------------------------------------------

/** Assignment authorities of the INS (spec.md §9), by the last arc of their OID. */
export const INS_OIDS = {
  nir: '1.2.250.1.213.1.4.8',
  nia: '1.2.250.1.213.1.4.9',
  testNir: '1.2.250.1.213.1.4.10',
  demoNir: '1.2.250.1.213.1.4.11',
} as const;
export type InsKind = keyof typeof INS_OIDS;
export const INS_KINDS = Object.keys(INS_OIDS) as InsKind[];

/** The authority arcs 8–11 of spec.md §3, keyed by kind. */
export const INS_AUTHORITY: Record<InsKind, 8 | 9 | 10 | 11> = { nir: 8, nia: 9, testNir: 10, demoNir: 11 };

export function insKindOfOid(oid: string): InsKind | null {
  const trimmed = oid.trim();
  return INS_KINDS.find((kind) => INS_OIDS[kind] === trimmed) ?? null;
}

/** An NIA is a temporary identifier: screens warn that the identity is not yet final. */
export function isNiaOid(oid: string): boolean {
  return insKindOfOid(oid) === 'nia';
}

export const insOidSchema = z.enum(Object.values(INS_OIDS) as [string, ...string[]]);

/** INS: the matricule (NIR or NIA, with key) and the OID of the authority that assigned it. */
export const insSchema = z.object({ value: nirSchema, oid: insOidSchema });
export type Ins = z.infer<typeof insSchema>;

// ---- COG codes (birthplace) -------------------------------------------------------------------

/**
 * Birthplace as a COG code of the national statistics office: a French commune (two-character
 * department including 2A / 2B, or 97x overseas, then the commune number) or 99 followed by the
 * 3-digit country code for people born abroad. 20xxx (Corsica before 1976) is kept for old
 * records; 00xxx does not exist.
 */
const COG_PATTERN = /^(?:(?!00)\d{2}|2A|2B)\d{3}$/;

export type CogKind = 'commune' | 'country';

export function cogKind(text: string): CogKind | null {
  const code = compact(text);
  if (!COG_PATTERN.test(code)) return null;
  return code.startsWith('99') ? 'country' : 'commune';
}

export function isValidCog(text: string): boolean {
  return cogKind(text) !== null;
}

export const cogSchema = compacted.refine(isValidCog, 'cog');

// ---- Phone numbers ----------------------------------------------------------------------------

/** Country calling code as typed: '33', '+33' or '0033'; 1 to 3 digits once normalised. */
export function normalizeCountryCode(text: string): string | null {
  const code = text.replace(/\s/g, '').replace(/^(\+|00)/, '');
  return /^[1-9]\d{0,2}$/.test(code) ? code : null;
}

/**
 * National number as typed ('06 12 34 56 78', '06.12.34.56.78', '(0)6 12…'): the separators and
 * the trunk '0' are removed, except for Italy where the leading 0 is part of the number.
 */
export function normalizeNationalNumber(text: string, countryCode: string): string | null {
  let digits = text.replace(/[\s.\-/]|\(0\)/g, '').replace(/[()]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (countryCode !== '39') digits = digits.replace(/^0/, '');
  return digits.length >= 4 ? digits : null;
}

/**
 * The value sent in `{entity}_phone_num` (spec.md §5): '+', the country code and the national
 * number, at most 15 digits in all as E.164 requires. Null when either part is missing or invalid;
 * callers then leave the field out.
 */
export function joinPhone(
  countryCode: string | null | undefined,
  number: string | null | undefined,
): string | null {
  if (!countryCode || !number) return null;
  const code = normalizeCountryCode(countryCode);
  if (!code) return null;
  const national = normalizeNationalNumber(number, code);
  if (!national || code.length + national.length > 15) return null;
  return `+${code}${national}`;
}

/**
 * Splits a stored number back into country code and national number for editing. Calling codes
 * are prefix-free; the longest matching code wins should the table hold overlapping entries.
 */
export function splitPhone(
  full: string,
  countryCodes: readonly string[],
): { countryCode: string; number: string } | null {
  const digits = full.replace(/\s/g, '').replace(/^(\+|00)/, '');
  if (!/^\d+$/.test(digits)) return null;
  const codes = countryCodes
    .map((code) => normalizeCountryCode(code))
    .filter((code) => code !== null)
    .sort((a, b) => b.length - a.length);
  const countryCode = codes.find((code) => digits.startsWith(code) && digits.length > code.length);
  if (!countryCode) return null;
  return { countryCode, number: digits.slice(countryCode.length) };
}

export const countryCodeSchema = z
  .string()
  .transform((text) => normalizeCountryCode(text) ?? '')
  .refine((code) => code !== '', 'countryCode');

// ---- LOINC (parameters) -----------------------------------------------------------------------

/**
 * LOINC code of a parameter: 1 to 7 digits, a dash, and the check digit of the LOINC users' guide
 * (mod 10: the Luhn digit of the part before the dash), e.g. 2345-7 for glucose in serum.
 */
export function isValidLoinc(text: string): boolean {
  const match = /^(\d{1,7})-(\d)$/.exec(text.trim());
  return match !== null && luhnValid(`${match[1]}${match[2]}`);
}

export const loincSchema = z.string().trim().refine(isValidLoinc, 'loinc');
