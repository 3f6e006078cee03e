import { joinPhone, type PatientRow, type RecordRow } from '@sil/contract';
import { z } from 'zod';
import { instantOfLabWallClock, labWallClock } from '../../../lib/format/lab-time';
import type { Payload } from '../../../lib/table/payload';
import { REPORT_FLAGS, STEPS } from './steps';

/**
 * What the add-record wizard edits, in the contract's field names (spec.md §3 Patient and Record).
 * Inputs hold text; {@link payloadOf} turns them into the values the contract's schemas expect.
 */
export const PATIENT_FLAGS = [
  'patient_pregnant',
  'patient_newborn',
  'patient_dmp_opposition',
] as const satisfies ReadonlyArray<keyof PatientRow>;

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
  ...REPORT_FLAGS,
] as const satisfies ReadonlyArray<keyof RecordRow>;

/** Fields the steps show with inputs of their own kind: the people to call, the analyses. */
const LIST_FIELDS = ['record_persons_to_phone', 'record_selected_analyses'] as const;

type StepField = (typeof STEPS)[number]['fields'][number];
export type FlagField = (typeof PATIENT_FLAGS)[number] | (typeof RECORD_FLAGS)[number];
/** Every other field a step shows is typed in as text; the steps' lists are the one list of fields. */
export type TextField = Exclude<StepField, FlagField | (typeof LIST_FIELDS)[number]>;
export type PatientTextField = Extract<TextField, `patient_${string}`>;
export type RecordTextField = Extract<TextField, `record_${string}`>;

const NOT_TEXT: ReadonlySet<string> = new Set([...PATIENT_FLAGS, ...RECORD_FLAGS, ...LIST_FIELDS]);
const isText = (field: StepField): field is TextField => !NOT_TEXT.has(field);
const STEP_TEXT = STEPS.flatMap((step): readonly StepField[] => step.fields).filter(isText);
export const PATIENT_TEXT = STEP_TEXT.filter((field): field is PatientTextField =>
  field.startsWith('patient_'),
);
export const RECORD_TEXT = STEP_TEXT.filter((field): field is RecordTextField => field.startsWith('record_'));

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

const isPatientText = (field: TextField): field is PatientTextField =>
  (PATIENT_TEXT as readonly string[]).includes(field);
const isPatientFlag = (field: FlagField): field is (typeof PATIENT_FLAGS)[number] =>
  (PATIENT_FLAGS as readonly string[]).includes(field);

function inputText(field: TextField, patient: PatientRow | undefined, record: RecordRow | undefined): string {
  const stored = isPatientText(field) ? patient?.[field] : record?.[field];
  const value = stored === null || stored === undefined ? '' : String(stored);
  if (DATE_TIME.has(field) && value) return labWallClock(value);
  if (field.endsWith('_dob') || field.endsWith('_from') || field.endsWith('_to') || field.endsWith('_date'))
    return value.slice(0, 10);
  return value;
}

/** The wizard's values for a patient and a record as the server answers them (each may be absent). */
export function valuesOf(patient?: PatientRow, record?: RecordRow): WizardValues {
  const combinations: string[][] = [[], [], [], [], []];
  for (const { combination, analysis_ids } of record?.record_selected_analyses ?? []) {
    if (combination >= 1 && combination <= 5) combinations[combination - 1] = analysis_ids;
  }
  const flagOf = (field: FlagField) => (isPatientFlag(field) ? patient?.[field] : record?.[field]) === true;
  return {
    ...TextMap.parse(
      Object.fromEntries(TEXT_FIELDS.map((field) => [field, inputText(field, patient, record)])),
    ),
    ...FlagMap.parse(Object.fromEntries(FLAG_FIELDS.map((field) => [field, flagOf(field)]))),
    record_persons_to_phone: record?.record_persons_to_phone ?? [],
    record_linked_records: record?.record_linked_records ?? [],
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
  // Typed on the laboratory's clock; an unfinished text travels as typed, for the schema to refuse.
  if (DATE_TIME.has(field)) return instantOfLabWallClock(trimmed) ?? trimmed;
  if (PHONE.has(field)) return phoneOf(trimmed);
  if (COMPACT.has(field)) return trimmed.replace(/\s/g, '').toUpperCase();
  return trimmed;
}

export type { Payload };

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
export function withPatient(current: WizardValues, patient: PatientRow | undefined): WizardValues {
  const next = valuesOf(patient);
  for (const field of RECORD_TEXT) next[field] = current[field];
  for (const field of RECORD_FLAGS) next[field] = current[field];
  next.record_persons_to_phone = current.record_persons_to_phone;
  next.combinations = current.combinations;
  return next;
}
