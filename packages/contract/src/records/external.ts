import { z } from 'zod';
import { PATIENT_REQUIRED, patientFields } from './patient.js';
import { recordFields, SelectedAnalysesSchema } from './record.js';

/**
 * `POST /api/add-external-record`: what a clinic's medical user fills in on the external records
 * portal (spec.md §1 'Audiences', form/external_records): the patient (a patient its clinic already
 * owns, or a new one), the analyses, the collection details and who collected. The record is owned
 * by the user's clinic and waits, pre-registered, for the laboratory to receive it.
 */
export const AddExternalRecordBody = z
  .object({
    patient_id: z.uuid().optional(),
    patient_surname: patientFields.patient_surname.optional(),
    patient_name: patientFields.patient_name.optional(),
    patient_birth_name: patientFields.patient_birth_name,
    patient_gender: patientFields.patient_gender.optional(),
    patient_dob: patientFields.patient_dob.optional(),
    patient_external_id: patientFields.patient_external_id,
    record_prescription_date: recordFields.record_prescription_date,
    record_prescriber: recordFields.record_prescriber,
    record_collector: z.uuid(),
    record_collection_datetime: recordFields.record_collection_datetime.unwrap().unwrap(),
    record_is_urgent: recordFields.record_is_urgent,
    record_selected_analyses: SelectedAnalysesSchema,
  })
  .superRefine((body, ctx) => {
    if (body.patient_id) return;
    for (const field of PATIENT_REQUIRED)
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
  });
export type AddExternalRecordBody = z.input<typeof AddExternalRecordBody>;

export const AddExternalRecordAnswer = z.object({
  patient_id: z.uuid(),
  record_id: z.uuid(),
  record_number: z.string(),
});
export type AddExternalRecordAnswer = z.output<typeof AddExternalRecordAnswer>;
