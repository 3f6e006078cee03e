import { z } from 'zod';
import { MAX_ANALYSIS_COMBINATIONS, personToPhoneSchema } from '../enums.js';
import { calendarDate, formBoolean, isoInstant, lastUpdated } from '../fields.js';
import { PATIENT_REQUIRED, patientFields } from './patient.js';

const text = (max: number) => z.string().trim().max(max).nullable().optional();
const dateTime = isoInstant({ local: true });
const flag = formBoolean.optional();

export const SelectedAnalysesSchema = z
  .array(
    z.object({
      combination: z.coerce.number().int().min(1).max(MAX_ANALYSIS_COMBINATIONS),
      analysis_ids: z.array(z.uuid()).min(1).max(200),
    }),
  )
  .min(1)
  .max(MAX_ANALYSIS_COMBINATIONS);
export type SelectedAnalysesInput = z.input<typeof SelectedAnalysesSchema>;

export const REPORT_CHANNELS = [
  'fax',
  'phone',
  'post',
  'paper',
  'online',
  'insurance_report',
  'occupational_physician',
] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];

/** Record fields a client may set (spec.md §3 'Record'); status, number and password are the system's. */
export const recordFields = {
  record_prescription_date: calendarDate.nullable().optional(),
  record_collector: z.uuid().nullable().optional(),
  record_prescriber: z.uuid().nullable().optional(),
  record_owner: z.uuid().nullable().optional(),
  record_treating_practitioner: text(200),
  record_collection_datetime: dateTime.nullable().optional(),
  record_collected_externally: flag,
  record_includes_external_samples: flag,
  record_selected_analyses: SelectedAnalysesSchema,
  record_clinical_information: text(5000),
  record_interpretation: text(5000),
  record_is_urgent: flag,
  record_pregnant: flag,
  record_oral_flag: flag,
  record_multiprescription: flag,
  record_derog_flag: flag,
  record_derog_description: text(2000),
  record_uh_flag: flag,
  record_uh_expected_time: dateTime.nullable().optional(),
  record_delai_flag: flag,
  record_delai_cause: text(2000),
  record_delai_expected_time: dateTime.nullable().optional(),
  record_delai_actual_time: dateTime.nullable().optional(),
  record_delai_impact: text(2000),
  record_sent_externally: flag,
  record_must_fax: flag,
  record_must_phone: flag,
  record_must_post: flag,
  record_must_paper: flag,
  record_must_online: flag,
  record_must_insurance_report: flag,
  record_must_occupational_physician: flag,
  record_persons_to_phone: z.array(personToPhoneSchema).max(5).optional(),
  record_other_persons_to_phone: text(500),
  record_phone_number: z
    .string()
    .regex(/^\+?[0-9]{6,16}$/, 'phone')
    .nullable()
    .optional(),
  record_fax_number: z
    .string()
    .regex(/^\+?[0-9]{6,16}$/, 'phone')
    .nullable()
    .optional(),
  record_linked_records: z.array(z.uuid()).max(50).optional(),
  record_special_considerations: text(5000),
  record_additional_information: text(5000),
  record_internal_notes: text(10000),
};

const optionalPatient = Object.fromEntries(
  Object.entries(patientFields).map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
) as { [K in keyof typeof patientFields]: z.ZodOptional<(typeof patientFields)[K]> };

/**
 * `POST /api/add-patient`: a new record, for an existing patient (patient_id) or a new one (the
 * patient fields). Field names are the contract's flat names, as the web wizard sends them.
 */
export const AddPatientBody = z
  .object({ patient_id: z.uuid().optional(), ...optionalPatient, ...recordFields })
  .superRefine((body, ctx) => {
    if (body.patient_id) return;
    for (const field of PATIENT_REQUIRED) {
      if (body[field] === undefined || body[field] === null)
        ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    }
  });
export type AddPatientBody = z.input<typeof AddPatientBody>;

export const AddPatientAnswer = z.object({
  patient_id: z.uuid(),
  record_id: z.uuid(),
  record_number: z.string(),
  record_password: z.string(),
  samples: z.array(z.object({ sample_id: z.uuid(), sample_number: z.string() })),
});

const partialRecord = Object.fromEntries(
  Object.entries(recordFields).map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
) as { [K in keyof typeof recordFields]: z.ZodOptional<(typeof recordFields)[K]> };

/** `PUT /api/update-patient`: the patient, the record, or both, each with the stamp the client read. */
export const UpdatePatientBody = z
  .object({
    patient_id: z.uuid().optional(),
    patient_last_updated: lastUpdated.optional(),
    record_id: z.uuid().optional(),
    record_last_updated: lastUpdated.optional(),
    ...optionalPatient,
    ...partialRecord,
  })
  .superRefine((body, ctx) => {
    if (!body.patient_id && !body.record_id)
      ctx.addIssue({ code: 'custom', path: ['record_id'], message: 'required' });
    if (body.patient_id && !body.patient_last_updated)
      ctx.addIssue({ code: 'custom', path: ['patient_last_updated'], message: 'required' });
    if (body.record_id && !body.record_last_updated)
      ctx.addIssue({ code: 'custom', path: ['record_last_updated'], message: 'required' });
  });
