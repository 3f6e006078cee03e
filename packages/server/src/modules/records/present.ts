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
import type { patients, records, samples } from '../../db/schema/records.js';
import { toIso, withoutTenant } from '../../lib/time.js';

const isoOrNull = (stamp: string | null) => (stamp === null ? null : toIso(stamp));
// Coded columns are stored as text or numbers; reading them through their schema states the type.
const gender = z.enum(PATIENT_GENDERS);
const civility = civilitySchema.nullable();
const title = titleSchema.nullable();
const personsToPhone = z.array(personToPhoneSchema);

/** A stored patient as answers show it: no tenant column, stamps in ISO 8601, the insurance warning. */
export function presentPatient(row: typeof patients.$inferSelect): PatientRow {
  return Object.assign(withoutTenant(row), {
    patient_gender: gender.parse(row.patient_gender),
    patient_civility: civility.parse(row.patient_civility),
    patient_title: title.parse(row.patient_title),
    patient_identity_status: identityStatusSchema.parse(row.patient_identity_status),
    patient_treatment_last: isoOrNull(row.patient_treatment_last),
    patient_created: toIso(row.patient_created),
    patient_last_updated: toIso(row.patient_last_updated),
    patient_insurance_warning: insuranceWarning(row.patient_insurance_to),
  });
}

export function presentRecord(row: typeof records.$inferSelect): RecordRow {
  return Object.assign(withoutTenant(row), {
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
}

export function presentSample(row: typeof samples.$inferSelect): SampleRow {
  return Object.assign(withoutTenant(row), {
    sample_collection_datetime: isoOrNull(row.sample_collection_datetime),
    sample_prepared_at: isoOrNull(row.sample_prepared_at),
    sample_injected_at: isoOrNull(row.sample_injected_at),
    sample_removed_at: isoOrNull(row.sample_removed_at),
    sample_validated_at: isoOrNull(row.sample_validated_at),
    sample_last_updated: toIso(row.sample_last_updated),
  });
}
