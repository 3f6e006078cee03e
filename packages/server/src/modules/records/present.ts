import { insuranceWarning } from '@sil/contract';
import type { patients, records, samples } from '../../db/schema/index.js';
import { presentRow as present } from '../../lib/time.js';

type Row = Record<string, unknown>;

export type PatientOut = Row & { patient_id: string };
export type RecordOut = Row & { record_id: string };
export type SampleOut = Row & { sample_id: string };

export const presentPatient = (row: typeof patients.$inferSelect): PatientOut => ({
  patient_id: row.patient_id,
  ...present(row, ['patient_created', 'patient_last_updated', 'patient_treatment_last']),
  patient_insurance_warning: insuranceWarning(row.patient_insurance_to),
});

const RECORD_STAMPS = [
  'record_created',
  'record_last_updated',
  'record_collection_datetime',
  'record_scanned_at',
  'record_received_at',
  'record_validated_at',
  'record_uh_expected_time',
  'record_delai_expected_time',
  'record_delai_actual_time',
];
export const presentRecord = (row: typeof records.$inferSelect): RecordOut => ({
  ...present(row, RECORD_STAMPS),
  record_id: row.record_id,
});

export const presentSample = (row: typeof samples.$inferSelect): SampleOut => ({
  ...present(row, ['sample_last_updated', 'sample_collection_datetime']),
  sample_id: row.sample_id,
});
