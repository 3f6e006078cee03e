import { joinPhone } from '@sil/contract';
import { z } from 'zod';
import { listOf, type Row, textOf } from '../../../lib/table/rows';

/**
 * What the add-record wizard edits, in the contract's field names (spec.md §3 Patient and Record).
 * Inputs hold text; {@link payloadOf} turns them into the values the contract's schemas expect.
 */
export const PATIENT_TEXT = [
  'patient_civility',
  'patient_title',
  'patient_surname',
  'patient_name',
  'patient_birth_name',
  'patient_gender',
  'patient_dob',
  'patient_birthplace',
  'patient_nir',
  'patient_ins',
  'patient_ins_oid',
  'patient_identity_status',
  'patient_height_cm',
  'patient_weight_kg',
  'patient_insurance',
  'patient_agreement_type',
  'patient_insurance_code1',
  'patient_insurance_code2',
  'patient_insurance_from',
  'patient_insurance_to',
  'patient_address',
  'patient_city',
  'patient_zip',
  'patient_country',
  'patient_phone_num',
  'patient_landline',
  'patient_email',
  'patient_fax',
  'patient_external_id',
  'patient_owner',
  'patient_treating_practitioner',
  'patient_posology',
  'patient_treatment_last',
  'patient_internal_notes',
] as const;
export const PATIENT_FLAGS = ['patient_pregnant', 'patient_newborn'] as const;

export const RECORD_TEXT = [
  'record_prescription_date',
  'record_collector',
  'record_prescriber',
  'record_owner',
  'record_treating_practitioner',
  'record_collection_datetime',
  'record_clinical_information',
  'record_derog_description',
  'record_uh_expected_time',
  'record_delai_cause',
  'record_delai_expected_time',
  'record_delai_actual_time',
  'record_delai_impact',
  'record_other_persons_to_phone',
  'record_phone_number',
  'record_fax_number',
  'record_special_considerations',
  'record_additional_information',
  'record_internal_notes',
] as const;
export const RECORD_FLAGS = [
  'record_collected_externally',
  'record_includes_external_samples',
  'record_is_urgent',
  'record_pregnant',
  'record_oral_flag',
  'record_multiprescription',
  'record_derog_flag',
  'record_uh_flag',
  'record_delai_flag',
  'record_sent_externally',
  'record_must_fax',
  'record_must_phone',
  'record_must_post',
  'record_must_paper',
  'record_must_online',
  'record_must_insurance_report',
  'record_must_occupational_physician',
] as const;

export type PatientTextField = (typeof PATIENT_TEXT)[number];
export type RecordTextField = (typeof RECORD_TEXT)[number];
export type TextField = PatientTextField | RecordTextField;
export type FlagField = (typeof PATIENT_FLAGS)[number] | (typeof RECORD_FLAGS)[number];

export type WizardValues = Record<TextField, string> &
  Record<FlagField, boolean> & {
    record_persons_to_phone: string[];
    record_linked_records: string[];
    /** Analysis ids of Combination 1 to 5, by index. */
    combinations: string[][];
  };

const INTEGER: ReadonlySet<string> = new Set(['patient_height_cm', 'patient_weight_kg']);
const DATE_TIME: ReadonlySet<string> = new Set([
  'patient_treatment_last',
  'record_collection_datetime',
  'record_uh_expected_time',
  'record_delai_expected_time',
  'record_delai_actual_time',
]);
const PHONE: ReadonlySet<string> = new Set([
  'patient_phone_num',
  'patient_landline',
  'patient_fax',
  'record_phone_number',
  'record_fax_number',
]);
const COMPACT: ReadonlySet<string> = new Set(['patient_nir', 'patient_ins', 'patient_birthplace']);

const TEXT_FIELDS = [...PATIENT_TEXT, ...RECORD_TEXT] as const;
const FLAG_FIELDS = [...PATIENT_FLAGS, ...RECORD_FLAGS] as const;
// Exhaustive maps: parsing a built object gives it its precise type instead of a cast.
const TextMap = z.record(z.enum(TEXT_FIELDS), z.string());
const FlagMap = z.record(z.enum(FLAG_FIELDS), z.boolean());

/** 'YYYY-MM-DDTHH:mm' in the workstation's time, what a datetime-local input shows. */
function localInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function inputText(field: TextField, row: Row | undefined): string {
  const value = textOf(row, field) ?? '';
  if (DATE_TIME.has(field) && value) return localInput(value);
  if (field.endsWith('_dob') || field.endsWith('_from') || field.endsWith('_to') || field.endsWith('_date'))
    return value.slice(0, 10);
  return value;
}

/** The wizard's values for a patient and a record as the server answers them (each may be absent). */
export function valuesOf(patient?: Row, record?: Row): WizardValues {
  const rowOf = (field: string) => (field.startsWith('patient_') ? patient : record);
  const combinations: string[][] = [[], [], [], [], []];
  const selected = record?.record_selected_analyses;
  if (Array.isArray(selected)) {
    for (const entry of selected) {
      const combination = Number(Reflect.get(Object(entry), 'combination'));
      const ids = Reflect.get(Object(entry), 'analysis_ids');
      if (combination >= 1 && combination <= 5 && Array.isArray(ids))
        combinations[combination - 1] = ids.filter((id) => typeof id === 'string');
    }
  }
  return {
    ...TextMap.parse(Object.fromEntries(TEXT_FIELDS.map((field) => [field, inputText(field, rowOf(field))]))),
    ...FlagMap.parse(Object.fromEntries(FLAG_FIELDS.map((field) => [field, rowOf(field)?.[field] === true]))),
    record_persons_to_phone: listOf(record, 'record_persons_to_phone'),
    record_linked_records: listOf(record, 'record_linked_records'),
    combinations,
  };
}

/** A phone as typed: kept when international ('+41…'), else read as a French number. */
function phoneOf(text: string): string {
  const compact = text.replace(/[\s.\-/]/g, '');
  if (compact.startsWith('+')) return compact;
  return joinPhone('33', compact) ?? compact;
}

function contractValue(field: TextField, text: string): string | number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (INTEGER.has(field)) return Number(trimmed);
  if (DATE_TIME.has(field)) {
    const date = new Date(trimmed);
    return Number.isNaN(date.getTime()) ? trimmed : date.toISOString();
  }
  if (PHONE.has(field)) return phoneOf(trimmed);
  if (COMPACT.has(field)) return trimmed.replace(/\s/g, '').toUpperCase();
  return trimmed;
}

export type Payload = Record<string, unknown>;

/**
 * The patient's and the record's fields as the contract names and types them; empty inputs are
 * null, which the create and update payload rules of spec.md §5 then drop.
 */
export function payloadOf(values: WizardValues): { patient: Payload; record: Payload } {
  const patient: Payload = {};
  const record: Payload = {};
  for (const field of PATIENT_TEXT) patient[field] = contractValue(field, values[field]);
  for (const field of PATIENT_FLAGS) patient[field] = values[field];
  for (const field of RECORD_TEXT) record[field] = contractValue(field, values[field]);
  for (const field of RECORD_FLAGS) record[field] = values[field];
  record.record_persons_to_phone = values.record_persons_to_phone;
  record.record_linked_records = values.record_linked_records;
  record.record_selected_analyses = values.combinations.flatMap((ids, index) =>
    ids.length > 0 ? [{ combination: index + 1, analysis_ids: ids }] : [],
  );
  return { patient, record };
}

export const emptyValues = (): WizardValues => valuesOf();

/** Another patient for the record being entered: the record's inputs stay, the links do not. */
export function withPatient(current: WizardValues, patient: Row | undefined): WizardValues {
  const next = valuesOf(patient);
  for (const field of RECORD_TEXT) next[field] = current[field];
  for (const field of RECORD_FLAGS) next[field] = current[field];
  next.record_persons_to_phone = current.record_persons_to_phone;
  next.combinations = current.combinations;
  return next;
}
