import { z } from 'zod';
import { patientFields } from '../records/patient.js';
import { stamp } from './stamps.js';

/** A patient as every answer shows it: the stored fields, its stamps and the insurance warning. */
export const PatientRow = z.object({
  patient_id: z.uuid(),
  ...patientFields,
  patient_created: stamp,
  patient_last_updated: stamp,
  patient_insurance_warning: z.enum(['expired', 'expiringSoon']).nullable(),
});
export type PatientRow = z.output<typeof PatientRow>;

/** The patient fields every record list and label shows beside the record. */
export const RECORD_PATIENT_FIELDS = {
  patient_surname: true,
  patient_name: true,
  patient_dob: true,
  patient_gender: true,
} as const;
/** Absent when the patient could not be read (never in practice: records point at their patient). */
export const RecordPatientFields = PatientRow.pick(RECORD_PATIENT_FIELDS).partial();
export type RecordPatientFields = z.output<typeof RecordPatientFields>;
