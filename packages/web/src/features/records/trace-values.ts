import { RECORD_STATUS_KEYS, recordStatusSchema, SAMPLE_STATUS_KEYS } from '@sil/contract';
import type { TFunction } from 'i18next';
import { formatDate, intlLocale } from '../../lib/format/dates';
import { LAB_TIME_ZONE } from '../../lib/format/lab-time';
import { formatNumber } from '../../lib/format/numbers';

/** The locale key of a sample's progress (sample_status 0–5), under `sample_progress`. */
const sampleProgressKey = (status: number) =>
  SAMPLE_STATUS_KEYS[status as keyof typeof SAMPLE_STATUS_KEYS] ?? 'registered';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ONLY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const STAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DECIMAL = /^-?\d+\.\d+$/;

/** What a value is read with: the records texts, the screen's language, the names the server sent. */
export interface ValueContext {
  t: TFunction<'records'>;
  language: string;
  names: Readonly<Record<string, string>>;
}

const PARIS = LAB_TIME_ZONE;

/** A calendar day (YYYY-MM-DD) in the screen's language; it names no instant, so no time zone moves it. */
export const shownDay = (iso: string, language: string): string => formatDate(iso, language);

/** An instant as a day and a time of day in Paris, in the screen's language. */
export function shownInstant(iso: string, language: string): { date: string; time: string } {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return { date: iso, time: '' };
  return {
    date: new Intl.DateTimeFormat(intlLocale(language), {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: PARIS,
    }).format(instant),
    time: new Intl.DateTimeFormat(intlLocale(language), {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: PARIS,
    }).format(instant),
  };
}

const nameOf = (id: string, context: ValueContext) =>
  context.names[id.toLowerCase()] ?? context.t('trace.unknown_row');

/** A non-conformity code (spec.md §9) with its words: 'nct2 — Insufficient collection'. */
const nonconformityCode = (value: string, t: TFunction<'records'>) =>
  `${value} — ${t(`nonconformities.codes.${value}`, { defaultValue: value })}`;

/** Codes whose words live in the records texts, by the field that holds them. */
const CODED: Record<string, (value: string, t: TFunction<'records'>) => string> = {
  record_status: (value, t) => {
    const status = recordStatusSchema.safeParse(Number(value));
    return status.success ? t(`status.${RECORD_STATUS_KEYS[status.data][1]}`) : value;
  },
  sample_status: (value, t) => t(`sample_progress.${sampleProgressKey(Number(value))}`),
  patient_gender: (value, t) => t(`genders.${value}`, { defaultValue: value }),
  patient_identity_status: (value, t) => t(`identity_statuses.${value}`, { defaultValue: value }),
  patient_civility: (value, t) => t(`civilities.${value}`, { defaultValue: value }),
  sample_nct_code: (value, t) => nonconformityCode(value, t),
  ane_code: (value, t) => nonconformityCode(value, t),
  nca_code: (value, t) => nonconformityCode(value, t),
};

function parsed(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** One item of a list kept as JSON: an analysis selection, a person to phone, an id, a word. */
function listItem(field: string, item: unknown, context: ValueContext): string {
  if (typeof item === 'string') {
    if (ONLY_UUID.test(item)) return nameOf(item, context);
    if (field === 'record_persons_to_phone') return context.t(`persons.${item}`, { defaultValue: item });
    return item;
  }
  if (typeof item === 'number' || typeof item === 'boolean') return shownValue(field, String(item), context);
  if (item && typeof item === 'object' && 'analysis_ids' in item && Array.isArray(item.analysis_ids)) {
    return item.analysis_ids.map((id: unknown) => listItem(field, id, context)).join(', ');
  }
  return '';
}

/**
 * A stored value as a person reads it: words for booleans, statuses and codes, dates in the
 * screen's language, names for identifiers, lists as lists. No identifier is ever left in it.
 */
export function shownValue(field: string, value: string, context: ValueContext): string {
  const { t, language } = context;
  const coded = CODED[field];
  if (coded) return coded(value, t);
  if (value === 'true') return t('trace.yes');
  if (value === 'false') return t('trace.no');
  if (DAY.test(value)) return shownDay(value, language);
  if (STAMP.test(value)) {
    const { date, time } = shownInstant(value, language);
    return t('trace.instant', { date, time });
  }
  if (DECIMAL.test(value)) return formatNumber(Number(value), language, { maxDecimals: 10 });
  if (value.startsWith('[')) {
    const items = parsed(value);
    if (Array.isArray(items)) {
      const words = items.map((item) => listItem(field, item, context)).filter((word) => word !== '');
      return words.length > 0 ? words.join(', ') : t('trace.none');
    }
  }
  return value.replace(UUID, (id) => nameOf(id, context));
}
