import { z } from 'zod';
import type { ErrorCode } from './errors.js';

/**
 * Field schemas shared by every request. Bodies may be form-urlencoded, where every value is a
 * string, so numbers and booleans accept their text forms too.
 */
export const formBoolean = z.codec(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'TRUE', 'FALSE'])]),
  z.boolean(),
  {
    decode: (value) => value === true || value === 'true' || value === '1' || value === 'TRUE',
    // Answers carry stored booleans as they are (the server's serializer encodes through this).
    encode: (value) => value,
  },
);

export const email = z.string().trim().toLowerCase().pipe(z.email('email'));

/**
 * A positive integer (spec.md §5): a number, or its text without sign, decimals or leading zero
 * ('01' is refused, as the spec says), up to `max`.
 */
export const positiveInteger = (max: number) =>
  z.coerce
    .string()
    .regex(/^[1-9]\d*$/, 'positiveInteger')
    .transform(Number)
    .pipe(z.number().max(max));
export const uuid = z.uuid();

/** A person's name: at least one letter, no control character ('name': invalidName). */
export const personName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^\P{Cc}*$/u, 'name')
    .regex(/\p{L}/u, 'name');

/** A clinic's code: letters, digits, '-', '_' and '.', no space ('clinicCode': invalidClinicCode). */
export const clinicCode = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'clinicCode');

/**
 * The catalogue's code for a request refused on one kind of field only: an e-mail, a name or a
 * clinic code badly written is said so; other field issues are `incorrectType`.
 */
export const ISSUE_ERROR_CODES: Readonly<Record<string, ErrorCode>> = {
  email: 'incorrectEmail',
  name: 'invalidName',
  clinicCode: 'invalidClinicCode',
};
export const locale = z.enum(['fr', 'en']);
export type Locale = z.infer<typeof locale>;

/** What the browser sends for a password: the SHA-256 of it, as 64 hexadecimal characters. */
export const passwordDigest = z
  .string()
  .regex(/^[0-9a-f]{64}$/i, 'sha256Hex')
  .transform((v) => v.toLowerCase());

/** Current time in milliseconds followed by 6 random base-32 characters (spec.md §7). */
export const authMachineId = z.string().regex(/^\d{10,16}[0-9A-Za-z]{6}$/, 'authMachineId');

/** International phone number: country code and number concatenated, digits only after '+'. */
export const phoneNumber = z.string().regex(/^\+?[1-9]\d{6,14}$/, 'phone');

/** True when YYYY-MM-DD names a day that exists: PostgreSQL refuses 2020-02-31 and year 0. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date as the API exchanges it (YYYY-MM-DD), of a day that exists. */
export const calendarDate = z.string().refine(isCalendarDate, 'date');

/**
 * An instant in ISO 8601 (with an offset, or also without one when `local`), of a day that exists:
 * zod's format lets year 0000 through, which PostgreSQL refuses.
 */
export const isoInstant = (options: { local?: boolean } = {}) =>
  z.iso.datetime({ offset: true, ...options }).refine((value) => isCalendarDate(value.slice(0, 10)), 'date');

/** Optimistic-concurrency stamp: the `{entity}_last_updated` the client read. */
export const lastUpdated = isoInstant();

export const PASSWORD_MIN_LENGTH = 8;

/** Password rules of spec.md §5, checked in the browser before hashing. */
export function passwordProblems(password: string): Array<'tooShort' | 'noLetter' | 'noDigit' | 'noSpecial'> {
  const problems: Array<'tooShort' | 'noLetter' | 'noDigit' | 'noSpecial'> = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (!/\p{L}/u.test(password)) problems.push('noLetter');
  if (!/\d/.test(password)) problems.push('noDigit');
  if (!/[^\p{L}\d\s]/u.test(password)) problems.push('noSpecial');
  return problems;
}

/** OTP codes are numeric and left-padded with zeros to 6 digits before sending. */
export const OTP_LENGTH = 6;
export function padOtp(code: string | number): string {
  return String(code).trim().padStart(OTP_LENGTH, '0');
}
export const otpCode = z.string().regex(/^\d{6}$/, 'otp');
