import type { RouteAnswer } from '@sil/contract';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format/numbers';
import { shownInstant, shownValue } from './trace-values';

export type TraceEntry = RouteAnswer<'getRecordTrace'>[number];

/** Newest first: the change the user is looking for is usually the last one made. */
export const newestFirst = (entries: readonly TraceEntry[]) =>
  [...entries].sort((a, b) => b.modification_id - a.modification_id);

/** The changes made by the system itself (migrations, scheduled work) carry this author. */
const SYSTEM_AUTHOR = 'system';

/** Tables whose rows the trace names; any other reads as 'an item'. */
const SUBJECTS = ['records', 'samples', 'patients', 'uploads', 'record_anes', 'record_ncas'] as const;
type Subject = (typeof SUBJECTS)[number];
const isSubject = (table: string): table is Subject => (SUBJECTS as readonly string[]).includes(table);

/** The fields of a whole row (a creation or a deletion) that name it when the row is gone. */
const NAMING_FIELDS: Record<Subject, readonly string[]> = {
  records: ['record_number'],
  samples: ['sample_number'],
  patients: ['patient_surname', 'patient_name'],
  uploads: ['upload_name'],
  record_anes: ['ane_code'],
  record_ncas: ['nca_code'],
};

function author(entry: TraceEntry, t: TFunction<'records'>): string {
  if (entry.modification_by_name) return entry.modification_by_name;
  return entry.modification_by === SYSTEM_AUTHOR ? t('trace.system') : t('trace.someone');
}

/** The row's name: from the server's names, else from the whole row a deletion kept. */
function rowName(entry: TraceEntry, subject: Subject): string {
  const named = entry.names[entry.row_id];
  if (named) return named;
  const whole = entry.modification_old_value ?? entry.modification_new_value;
  if (!whole?.startsWith('{')) return '';
  try {
    const row: unknown = JSON.parse(whole);
    if (!row || typeof row !== 'object') return '';
    const fields = new Map(Object.entries(row));
    const values = NAMING_FIELDS[subject].map((field) => fields.get(field));
    return values.filter((value) => typeof value === 'string').join(' ');
  } catch {
    return '';
  }
}

/**
 * The row an entry is about, as a subject ('le dossier 2611220001', 'sample 2611220001-01') or as
 * the complement of a field ('de l’échantillon 2611220001-01', 'of patient DURAND Élodie').
 */
function rowWords(entry: TraceEntry, t: TFunction<'records'>, role: 'subject' | 'of'): string {
  if (!isSubject(entry.table_name)) return t(`trace.${role}.other`);
  const name = rowName(entry, entry.table_name);
  return name
    ? t(`trace.${role}.${entry.table_name}`, { name })
    : t(`trace.${role}.${entry.table_name}_unnamed`);
}

/** A field by the label the forms and tables give it, in the screen's language. */
export function fieldLabel(field: string, t: TFunction<'records'>): string {
  return t([`fields.${field}`, `tables:fields.${field}`, `trace.fields.${field}`], {
    defaultValue: t('trace.a_field'),
  });
}

/**
 * One trace entry as a sentence: who did what, to which field or row, from which value to which,
 * and when ('Marie Dupont (technicien) changed Urgent from No to Yes on 23/11/2026 at 14:02').
 * A change to a sample or to the patient says which; a change to the record itself needs not.
 */
export function traceSentence(entry: TraceEntry, t: TFunction<'records'>, language: string): string {
  const { date, time } = shownInstant(entry.modification_timestamp, language);
  const who = author(entry, t);
  if (entry.result_change) return resultSentence(entry.result_change, { who, date, time }, t, language);
  if (entry.modification_type !== 'update' || !entry.modification_field) {
    const action = entry.modification_type === 'delete' ? 'delete' : 'insert';
    return t(`trace.sentence.${action}`, { who, subject: rowWords(entry, t, 'subject'), date, time });
  }
  const field = entry.modification_field;
  const context = { t, language, names: entry.names };
  const value = (raw: string | null) => (raw === null || raw === '' ? null : shownValue(field, raw, context));
  const before = value(entry.modification_old_value);
  const after = value(entry.modification_new_value);
  const shape = before === null ? 'set' : after === null ? 'cleared' : 'changed';
  return t(`trace.sentence.${shape}`, {
    who,
    field: fieldLabel(field, t),
    of: entry.table_name === 'records' ? '' : rowWords(entry, t, 'of'),
    old: before,
    new: after,
    date,
    time,
  });
}

type ResultChange = NonNullable<TraceEntry['result_change']>;

/** A result as the report printed it: '< 0,56 mmol/L', '11,4 g/dL', 'positif'. */
function reportedText(result: NonNullable<ResultChange['old']>, language: string): string {
  if (result.value === null) return result.text ?? '';
  const number = formatNumber(result.value, language, { maxDecimals: 6 });
  // Non-breaking spaces keep '< 0,56 mmol/L' on one line.
  return [result.censored, number, result.unit].filter(Boolean).join('\u00a0');
}

/**
 * A change of a result as a sentence: entered, corrected (old and new value with their units) or
 * removed, naming the parameter and the sample ('… a corrigé Hémoglobine (échantillon …-01) de
 * « 11,2 g/dL » à « 11,4 g/dL »'). Its reason shows beneath, as every entry's comment does.
 */
function resultSentence(
  change: ResultChange,
  when: { who: string; date: string; time: string },
  t: TFunction<'records'>,
  language: string,
): string {
  const parameter = change.sample_number
    ? t('trace.result.of_sample', { parameter: change.parameter_name, sample: change.sample_number })
    : change.parameter_name;
  const old = change.old ? reportedText(change.old, language) : null;
  const now = change.new ? reportedText(change.new, language) : null;
  const shape = old === null ? 'entered' : now === null ? 'removed' : 'corrected';
  return t(`trace.result.${shape}`, { ...when, parameter, old, new: now });
}
