import { z } from 'zod';
import type { UserType } from '../permissions.js';
import { PatientRow } from './patient.js';
import { RecordDetail, RecordListFields, RecordRow } from './record.js';
import { SampleRow } from './sample.js';

/**
 * Who reads an answer (docs/decisions/0012-audiences.md): laboratory staff see whole rows; a clinic
 * user (external requester) and a prescriber see only what their portal screens show of the
 * records they may reach, never what the laboratory keeps for itself.
 */
export const AUDIENCES = ['staff', 'clinic', 'prescriber'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** The audiences that get an allow-listed view of the answers rather than whole rows. */
export type ExternalAudience = Exclude<Audience, 'staff'>;
export const EXTERNAL_AUDIENCES = ['clinic', 'prescriber'] as const satisfies readonly ExternalAudience[];

const AUDIENCE_OF_USER_TYPE = {
  internal: 'staff',
  external: 'clinic',
  prescriber: 'prescriber',
} as const satisfies Record<UserType, Audience>;

export const audienceOf = (userType: UserType): Audience => AUDIENCE_OF_USER_TYPE[userType];

/** The patient identity that lets a clinic or a prescriber recognise whom a record is for. */
const PATIENT_IDENTITY = {
  patient_id: true,
  patient_surname: true,
  patient_name: true,
  patient_birth_name: true,
  patient_gender: true,
  patient_dob: true,
} as const;

/** The record as the portals list and preview it: number, dates, status, analyses, who asked. */
const RECORD_PORTAL = {
  record_id: true,
  record_number: true,
  record_patient: true,
  record_status: true,
  record_prescription_date: true,
  record_collection_datetime: true,
  record_prescriber: true,
  record_collector: true,
  record_selected_analyses: true,
  record_is_urgent: true,
  record_annulr_flag: true,
  record_received_at: true,
  record_validated_at: true,
  record_created: true,
  record_last_updated: true,
} as const;

/** A sample as the portals show it: its number, what it is, where it stands. */
const SAMPLE_PORTAL = {
  sample_id: true,
  sample_number: true,
  sample_record: true,
  sample_type: true,
  sample_matrix: true,
  sample_analyses: true,
  sample_status: true,
  sample_collection_datetime: true,
  sample_last_updated: true,
} as const;

/**
 * The allow-list of each external audience, as zod `pick` masks of the typed rows. A clinic also
 * sees its own identifier of the patient and which of its clinics owns the record.
 */
export const AUDIENCE_FIELDS = {
  clinic: {
    patient: { ...PATIENT_IDENTITY, patient_external_id: true, patient_owner: true },
    record: { ...RECORD_PORTAL, record_owner: true },
    sample: SAMPLE_PORTAL,
  },
  prescriber: {
    patient: PATIENT_IDENTITY,
    record: RECORD_PORTAL,
    sample: SAMPLE_PORTAL,
  },
} as const;

/**
 * What no external audience ever receives, named so that the tests look for them in every answer
 * (the allow-lists already leave them out): secrets, internal notes, national identifiers,
 * non-conformity texts, contact and insurance details of the patient.
 */
export const SECRET_FIELDS = [
  'record_password',
  'record_internal_notes',
  'record_annulment_explanation',
  'record_derog_description',
  'record_delai_cause',
  'record_delai_impact',
  'record_interpretation',
  'record_clinical_information',
  'patient_internal_notes',
  'patient_nir',
  'patient_ins',
  'patient_ins_oid',
  'patient_address',
  'patient_phone_num',
  'patient_email',
  'patient_insurance_code1',
  'patient_insurance_code2',
  'patient_posology',
  'sample_nct_code',
  'sample_nct_description',
  'sample_nct_solution',
  'sample_lbloc_description',
  'sample_observations',
  'sample_interpretation',
] as const;

/**
 * Every other stored column of patients, records and samples: kept for the laboratory. A column is
 * either allowed to an audience above or listed here; a test compares this with the database
 * tables, so a new column reaches no external user until someone decides where it belongs.
 */
export const INTERNAL_FIELDS = {
  patient: [
    'laboratory_id',
    'patient_birthplace',
    'patient_civility',
    'patient_title',
    'patient_height_cm',
    'patient_weight_kg',
    'patient_pregnant',
    'patient_newborn',
    'patient_nir',
    'patient_ins',
    'patient_ins_oid',
    'patient_identity_status',
    'patient_address',
    'patient_city',
    'patient_zip',
    'patient_country',
    'patient_phone_num',
    'patient_landline',
    'patient_email',
    'patient_fax',
    'patient_insurance',
    'patient_agreement_type',
    'patient_insurance_code1',
    'patient_insurance_code2',
    'patient_insurance_from',
    'patient_insurance_to',
    'patient_treating_practitioner',
    'patient_posology',
    'patient_treatment_last',
    'patient_internal_notes',
    'patient_dmp_opposition',
    'patient_created',
    'patient_last_updated',
    // The names folded for search (migration 0038): a copy of the names, never shown.
    'patient_search_names',
  ],
  record: [
    'laboratory_id',
    'record_password',
    'record_internal_notes',
    'record_treating_practitioner',
    'record_collected_externally',
    'record_includes_external_samples',
    'record_clinical_information',
    'record_interpretation',
    'record_pregnant',
    'record_unresolved_nca',
    'record_derog_flag',
    'record_derog_description',
    'record_uh_flag',
    'record_uh_expected_time',
    'record_delai_flag',
    'record_delai_cause',
    'record_delai_expected_time',
    'record_delai_actual_time',
    'record_delai_impact',
    'record_oral_flag',
    'record_lbloc_flag',
    'record_lbloc_description',
    'record_annulment_explanation',
    'record_replaced_by',
    'record_replaces',
    'record_sent_externally',
    'record_multiprescription',
    'record_must_fax',
    'record_must_phone',
    'record_must_post',
    'record_must_paper',
    'record_must_online',
    'record_must_insurance_report',
    'record_must_occupational_physician',
    'record_pending_fax',
    'record_pending_phone',
    'record_pending_post',
    'record_pending_paper',
    'record_pending_online',
    'record_pending_insurance_report',
    'record_pending_occupational_physician',
    'record_persons_to_phone',
    'record_other_persons_to_phone',
    'record_phone_number',
    'record_fax_number',
    'record_linked_records',
    'record_special_considerations',
    'record_additional_information',
    'record_locked',
    'record_scanned_at',
  ],
  sample: [
    'laboratory_id',
    'sample_collector',
    'sample_linked_sample',
    'sample_additional',
    'sample_observations',
    'sample_interpretation',
    'sample_nct_active',
    'sample_nct_code',
    'sample_nct_description',
    'sample_nct_solution',
    'sample_lbloc_flag',
    'sample_lbloc_description',
    'sample_machine',
    'sample_prepared_by',
    'sample_prepared_at',
    'sample_injected_by',
    'sample_injected_at',
    'sample_removed_by',
    'sample_removed_at',
    'sample_validated_by',
    'sample_validated_at',
  ],
} as const satisfies Record<keyof typeof AUDIENCE_FIELDS.clinic, readonly string[]>;

const { clinic, prescriber } = AUDIENCE_FIELDS;

/** The names of a sample's type and matrix, which the previews show instead of their ids. */
const SAMPLE_NAMES = {
  sample_type_name: z.string().nullable(),
  matrix_name: z.string().nullable(),
};

// Clinic users (external requesters).
export const ClinicPatientRow = PatientRow.pick(clinic.patient);
export const ClinicRecordRow = RecordRow.pick(clinic.record);
export const ClinicSampleRow = SampleRow.pick(clinic.sample);
export const ClinicRecordListRow = ClinicRecordRow.extend(RecordListFields.shape);
export const ClinicRecordDetail = ClinicRecordRow.extend({
  patient: ClinicPatientRow.nullable(),
  record_samples: RecordDetail.shape.record_samples,
  samples: z.array(ClinicSampleRow.extend(SAMPLE_NAMES)),
});

// Prescribers.
export const PrescriberPatientRow = PatientRow.pick(prescriber.patient);
export const PrescriberRecordRow = RecordRow.pick(prescriber.record);
export const PrescriberSampleRow = SampleRow.pick(prescriber.sample);
export const PrescriberRecordListRow = PrescriberRecordRow.extend(RecordListFields.shape);
export const PrescriberRecordDetail = PrescriberRecordRow.extend({
  patient: PrescriberPatientRow.nullable(),
  record_samples: RecordDetail.shape.record_samples,
  samples: z.array(PrescriberSampleRow.extend(SAMPLE_NAMES)),
});

export type ClinicPatientRow = z.output<typeof ClinicPatientRow>;
export type ClinicRecordRow = z.output<typeof ClinicRecordRow>;
export type ClinicSampleRow = z.output<typeof ClinicSampleRow>;
export type ClinicRecordListRow = z.output<typeof ClinicRecordListRow>;
export type ClinicRecordDetail = z.output<typeof ClinicRecordDetail>;
export type PrescriberPatientRow = z.output<typeof PrescriberPatientRow>;
export type PrescriberRecordRow = z.output<typeof PrescriberRecordRow>;
export type PrescriberSampleRow = z.output<typeof PrescriberSampleRow>;
export type PrescriberRecordListRow = z.output<typeof PrescriberRecordListRow>;

/**
 * Whether a record as answered is the whole row staff receive: the external views never carry the
 * record's lock. The web app shows what only staff read behind this.
 */
export function isWholeRecord(
  record: RecordDetail | ClinicRecordDetail | PrescriberRecordDetail,
): record is RecordDetail;
export function isWholeRecord(record: RecordRow | ClinicRecordRow | PrescriberRecordRow): record is RecordRow;
export function isWholeRecord(record: object): boolean {
  return 'record_locked' in record;
}
export type PrescriberRecordDetail = z.output<typeof PrescriberRecordDetail>;

/**
 * The answer of a call that staff and external audiences make: the response schema is the union
 * of the views, staff first (a whole row reads as such, an allow-listed one as its audience's
 * view), so the web app is typed for every reader; `audiences` is what the server projects each
 * external caller's answer onto.
 */
export function audienceAnswer<S extends z.ZodType, C extends z.ZodType, P extends z.ZodType>(views: {
  staff: S;
  clinic: C;
  prescriber: P;
}) {
  return {
    response: z.union([views.staff, views.clinic, views.prescriber]),
    audiences: { clinic: views.clinic, prescriber: views.prescriber },
  };
}

/**
 * Keeps of `value` only what `schema` declares: the keys of its objects, through arrays, unions
 * of objects, nullable and optional wrappers. This is the projection every answer to an external
 * audience goes through; it never adds nor converts a value, it only leaves keys out.
 */
export function projectOnto(schema: z.ZodType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional)
    return projectOnto(schema.unwrap() as z.ZodType, value);
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return value;
    return value.map((item) => projectOnto(schema.element as z.ZodType, item));
  }
  if (schema instanceof z.ZodObject) {
    if (typeof value !== 'object' || Array.isArray(value)) return value;
    const shape = schema.shape as Record<string, z.ZodType>;
    const source = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(shape)
        .filter((key) => key in source)
        .map((key) => [key, projectOnto(shape[key] as z.ZodType, source[key])]),
    );
  }
  return value;
}

/** Every key an object of `schema` may carry, nested objects included (what the tests compare with). */
export function keysOf(schema: z.ZodType): Set<string> {
  const keys = new Set<string>();
  const walk = (node: z.ZodType): void => {
    if (node instanceof z.ZodNullable || node instanceof z.ZodOptional) walk(node.unwrap() as z.ZodType);
    else if (node instanceof z.ZodArray) walk(node.element as z.ZodType);
    else if (node instanceof z.ZodUnion) for (const option of node.options) walk(option as z.ZodType);
    else if (node instanceof z.ZodObject) {
      for (const [key, child] of Object.entries(node.shape as Record<string, z.ZodType>)) {
        keys.add(key);
        walk(child);
      }
    }
  };
  walk(schema);
  return keys;
}
