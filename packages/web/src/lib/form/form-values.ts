import { joinPhone, splitPhone } from '@sil/contract';
import { CALLING_CODES } from '@sil/contract/countries';
import type { Payload } from '../table/payload';
import type { FieldSpec, FormValue, FormValues, PhoneValue, RemarkValue } from './field-spec';

export const DEFAULT_COUNTRY_CODE = '33';

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

const isPhone = (value: FormValue): value is PhoneValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'countryCode' in value;

const isRemarks = (value: FormValue): value is RemarkValue[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null);

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];

/** The form value of a field, from a row read from the server (or nothing, for a new row). */
export function formValueOf<R>(field: FieldSpec<keyof R & string>, row: R | null): FormValue {
  const raw: unknown = row?.[field.name];
  switch (field.kind) {
    case 'text':
    case 'identifier':
      return typeof raw === 'string' ? raw : '';
    case 'int':
    case 'number':
      return numberOf(raw) ?? '';
    case 'money': {
      const cents = numberOf(raw);
      return cents === null ? '' : cents / 100;
    }
    case 'boolean':
      return row === null ? (field.initial ?? false) : raw === true;
    case 'date':
      return typeof raw === 'string' ? raw.slice(0, 10) : '';
    case 'options':
      // Numeric choices (a serial line's baud rate) are offered as their text.
      return typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : null;
    case 'reference':
    case 'choices':
      return typeof raw === 'string' ? raw : null;
    case 'specialty':
      return numberOf(raw) === null ? null : String(numberOf(raw));
    case 'references':
    case 'codes':
      return stringsOf(raw);
    case 'phone': {
      if (typeof raw !== 'string' || raw === '') return { countryCode: DEFAULT_COUNTRY_CODE, number: '' };
      return splitPhone(raw, CALLING_CODES) ?? { countryCode: '', number: raw };
    }
    case 'remarks':
      return Array.isArray(raw)
        ? raw.flatMap((item): RemarkValue[] =>
            typeof item === 'object' && item !== null && 'range' in item && 'remark' in item
              ? [{ range: String(item.range ?? ''), remark: String(item.remark ?? '') }]
              : [],
          )
        : [];
  }
}

export function formValuesOf<R>(fields: readonly FieldSpec<keyof R & string>[], row: R | null): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, formValueOf(field, row)]));
}

/** The value sent for a field, before the payload rules (§5) drop what they drop. */
export function payloadValueOf(field: FieldSpec, value: FormValue | undefined): unknown {
  switch (field.kind) {
    case 'text':
    case 'identifier':
    case 'date':
      return typeof value === 'string' ? value.trim() : null;
    case 'int':
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'money':
      return typeof value === 'number' ? Math.round(value * 100) : null;
    case 'boolean':
      return value === true;
    case 'options':
      if (typeof value !== 'string' || value === '') return null;
      return field.numeric ? Number(value) : value;
    case 'reference':
    case 'choices':
      return typeof value === 'string' && value !== '' ? value : null;
    case 'specialty':
      return typeof value === 'string' && value !== '' ? Number(value) : null;
    case 'references':
    case 'codes':
      return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
    case 'phone': {
      if (!value || !isPhone(value) || value.number.trim() === '') return null;
      // An unusable number is sent as typed, so that validation names the field instead of
      // the number silently disappearing.
      return joinPhone(value.countryCode, value.number) ?? `invalid ${value.countryCode} ${value.number}`;
    }
    case 'remarks':
      return value && isRemarks(value)
        ? value
            .map((item) => ({ range: item.range.trim(), remark: item.remark.trim() }))
            .filter((item) => item.range !== '' || item.remark !== '')
        : [];
  }
}

export function payloadOf(fields: readonly FieldSpec[], values: FormValues): Payload {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      // What the form does not show is not sent as left: a serial port kept from before is cleared.
      payloadValueOf(field, isShown(field, values) ? values[field.name] : undefined),
    ]),
  );
}

/** Whether a field shows, given the form's current values. */
export function isShown(field: FieldSpec, values: FormValues): boolean {
  return field.shownWhen === undefined || field.shownWhen(values);
}
