import {
  civilitySchema,
  identityStatusSchema,
  insuranceWarning,
  PATIENT_GENDERS,
  type PatientRow,
  personToPhoneSchema,
  type RecordRow,
  recordStatusSchema,
  type SampleRow,
  titleSchema,
} from '@sil/contract';
import { z } from 'zod';
import type { patients, records, samples } from '../../db/schema/index.js';
import { toIso, withoutTenant } from '../../lib/time.js';

const isoOrNull = (stamp: string | null) => (stamp === null ? null : toIso(stamp));
// Coded columns are stored as text or numbers; reading them through their schema states the type.
const gender = z.enum(PATIENT_GENDERS);
const civility = civilitySchema.nullable();
const title = titleSchema.nullable();
const personsToPhone = z.array(personToPhoneSchema);

/** What a patient shows otherwise than stored: coded columns read, stamps in ISO 8601, the insurance warning. */
export const patientFields = (row: typeof patients.$inferSelect) => ({
  patient_gender: gender.parse(row.patient_gender),
  patient_civility: civility.parse(row.patient_civility),
  patient_title: title.parse(row.patient_title),
  patient_identity_status: identityStatusSchema.parse(row.patient_identity_status),
  patient_treatment_last: isoOrNull(row.patient_treatment_last),
  patient_created: toIso(row.patient_created),
  patient_last_updated: toIso(row.patient_last_updated),
  patient_insurance_warning: insuranceWarning(row.patient_insurance_to),
});

/** A stored patient as answers show it: no tenant column, and its `patientFields`. */
export function presentPatient(row: typeof patients.$inferSelect): PatientRow {
  return Object.assign(withoutTenant(row), patientFields(row));
}

/** What a record shows otherwise than stored: its status and persons to phone read, stamps in ISO 8601. */
export const recordFields = (row: typeof records.$inferSelect) => ({
  record_status: recordStatusSchema.parse(row.record_status),
  record_persons_to_phone: personsToPhone.parse(row.record_persons_to_phone),
  record_created: toIso(row.record_created),
  record_last_updated: toIso(row.record_last_updated),
  record_collection_datetime: isoOrNull(row.record_collection_datetime),
  record_scanned_at: isoOrNull(row.record_scanned_at),
  record_received_at: isoOrNull(row.record_received_at),
  record_validated_at: isoOrNull(row.record_validated_at),
  record_uh_expected_time: isoOrNull(row.record_uh_expected_time),
  record_delai_expected_time: isoOrNull(row.record_delai_expected_time),
  record_delai_actual_time: isoOrNull(row.record_delai_actual_time),
});

/** A stored record as answers show it: no tenant column, and its `recordFields`. */
export function presentRecord(row: typeof records.$inferSelect): RecordRow {
  return Object.assign(withoutTenant(row), recordFields(row));
}

/** What a sample shows otherwise than stored: its stamps in ISO 8601. */
export const sampleFields = (row: typeof samples.$inferSelect) => ({
  sample_collection_datetime: isoOrNull(row.sample_collection_datetime),
  sample_prepared_at: isoOrNull(row.sample_prepared_at),
  sample_injected_at: isoOrNull(row.sample_injected_at),
  sample_removed_at: isoOrNull(row.sample_removed_at),
  sample_validated_at: isoOrNull(row.sample_validated_at),
  sample_last_updated: toIso(row.sample_last_updated),
});

/** A stored sample as answers show it: no tenant column, and its `sampleFields`. */
export function presentSample(row: typeof samples.$inferSelect): SampleRow {
  return Object.assign(withoutTenant(row), sampleFields(row));
}
