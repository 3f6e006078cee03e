import { isCalendarDate } from '@sil/contract';
import { LAB_TIME_ZONE } from './lab-time';

/**
 * Dates as the screen's language writes them, whatever the browser's own locale. Both languages
 * write a date day first (DD/MM/YYYY): French as France does, English as the United Kingdom does,
 * so a date typed or read on either screen means the same day (docs/architecture.md 'Dates and
 * numbers'). Month and day names (the picker, long dates) follow the language.
 */
const INTL_LOCALES = { fr: 'fr-FR', en: 'en-GB' } as const;

export type ScreenLanguage = keyof typeof INTL_LOCALES;

/** The Intl locale of a screen language ('fr', 'en', or a tag such as 'en-US' reduced to its language). */
export function intlLocale(language: string): string {
  return language.toLowerCase().startsWith('en') ? INTL_LOCALES.en : INTL_LOCALES.fr;
}

const EMPTY = '—';
const PARIS = LAB_TIME_ZONE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale(language)}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocale(language), options);
    formatters.set(key, found);
  }
  return found;
}

const DAY: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
};
const DAY_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** The day a 'YYYY-MM-DD' names, as midnight UTC (a calendar day has no time zone). */
function utcDay(iso: string): Date | null {
  const day = iso.slice(0, 10);
  if (!isCalendarDate(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(2000, month - 1, date));
  utc.setUTCFullYear(year);
  return utc;
}

/** A calendar date ('YYYY-MM-DD', or the date part of an instant) as the screen writes it: 14/03/1985. */
export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return EMPTY;
  const day = utcDay(iso);
  return day ? formatter(language, DAY).format(day) : iso;
}

/** An instant as the screen writes it, in Paris time whatever the workstation's zone (ARCHITECTURE.md 'Times'). */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return EMPTY;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(language, { ...DAY_TIME, timeZone: PARIS }).format(date);
}

/**
 * A wall-clock date-time without a zone ('YYYY-MM-DDTHH:mm', what a date-time input holds) as the
 * screen writes it, the hour kept as typed.
 */
export function formatLocalDateTime(text: string, language: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(text);
  const day = match?.[1] ? utcDay(match[1]) : null;
  if (!match || !day) return text;
  day.setUTCHours(Number(match[2]), Number(match[3]));
  return formatter(language, { ...DAY_TIME, timeZone: 'UTC' }).format(day);
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Any date a summary or a trace shows as text: 'YYYY-MM-DD', a wall-clock 'YYYY-MM-DDTHH:mm', or an
 * instant as the API or PostgreSQL writes it ('…T…Z', '… 10:30:00+00'), in the screen's words.
 * Any other text comes back as it is.
 */
export function formatDateLike(text: string, language: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isCalendarDate(text) ? formatDate(text, language) : text;
  const match = INSTANT.exec(text);
  if (!match) return text;
  const [, day, time, zone] = match;
  if (!zone) return formatLocalDateTime(`${day}T${time}`, language);
  const offset = zone === 'Z' ? zone : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  return formatDateTime(`${day}T${time}${offset}`, language);
}

/** A stored date as the date field shows it for typing: DD/MM/YYYY in both languages. */
export function typedDateOf(iso: string): string {
  if (!isCalendarDate(iso)) return iso;
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

const SEPARATOR = /[/.\-\s]/;

/**
 * What the date field shows while the user types: digits grouped as DD/MM/YYYY, the slashes put
 * in as soon as the next digit comes ('14031985' gives '14/03/1985', '1/3/1985' stays as typed).
 * A date pasted as the API writes it ('1985-03-14') is left whole for {@link parseTypedDate}.
 */
export function maskDateTyping(raw: string): string {
  const trimmed = raw.trim();
  if (/^\d{4}-/.test(trimmed)) return trimmed.slice(0, 10);
  const groups: string[] = [''];
  let closed = false;
  for (const char of trimmed) {
    const index = groups.length - 1;
    const current = groups[index] ?? '';
    if (/\d/.test(char)) {
      closed = false;
      if (index < 2 && current.length === 2) groups.push(char);
      else if (index < 2 || current.length < 4) groups[index] = current + char;
    } else if (SEPARATOR.test(char) && current !== '' && index < 2 && !closed) {
      groups.push('');
      closed = true;
    }
  }
  if (closed) return `${groups.slice(0, -1).join('/')}/`;
  return groups.join('/');
}

export type TypedDate = { iso: string } | { problem: 'incomplete' | 'impossible' };

/**
 * The day a typed text names, as the API writes it ('YYYY-MM-DD'): DD/MM/YYYY with any of / . - or
 * space between the parts (one-digit day and month allowed), eight digits DDMMYYYY, or YYYY-MM-DD.
 * A day that does not exist (31/02/2020, 29/02/2023) is 'impossible'; anything else 'incomplete'.
 */
export function parseTypedDate(text: string): TypedDate {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dayFirst =
    /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : null;
  if (!parts) return { problem: 'incomplete' };
  const [year, month, day] = parts.map((part) => (part ?? '').padStart(2, '0'));
  const candidate = `${year}-${month}-${day}`;
  return isCalendarDate(candidate) ? { iso: candidate } : { problem: 'impossible' };
}
