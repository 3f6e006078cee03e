import { REPORT_CHANNELS } from '@sil/contract';

/** How results must go out: one flag per report channel of the contract. */
export const REPORT_FLAGS = REPORT_CHANNELS.map((channel) => `record_must_${channel}` as const);

/**
 * The twelve steps of the add-record wizard (spec.md §2) and the contract fields each one edits,
 * so that a refused field sends the user back to the step that shows it.
 */
export const STEPS = [
  { key: 'patient', fields: [] },
  {
    key: 'identity',
    fields: [
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
    ],
  },
  {
    key: 'physiology',
    fields: ['patient_height_cm', 'patient_weight_kg', 'patient_pregnant', 'patient_newborn'],
  },
  {
    key: 'insurance',
    fields: [
      'patient_insurance',
      'patient_agreement_type',
      'patient_insurance_code1',
      'patient_insurance_code2',
      'patient_insurance_from',
      'patient_insurance_to',
    ],
  },
  {
    key: 'contact',
    fields: [
      'patient_address',
      'patient_zip',
      'patient_city',
      'patient_country',
      'patient_phone_num',
      'patient_landline',
      'patient_email',
      'patient_fax',
    ],
  },
  {
    key: 'patientExtra',
    fields: [
      'patient_external_id',
      'patient_owner',
      'patient_treating_practitioner',
      'patient_internal_notes',
      'patient_dmp_opposition',
    ],
  },
  {
    key: 'collection',
    fields: [
      'record_prescription_date',
      'record_collection_datetime',
      'record_collector',
      'record_prescriber',
      'record_owner',
      'record_treating_practitioner',
      'record_is_urgent',
      'record_oral_flag',
      'record_multiprescription',
      'record_collected_externally',
      'record_includes_external_samples',
    ],
  },
  {
    key: 'clinical',
    fields: ['record_clinical_information', 'record_pregnant', 'patient_posology', 'patient_treatment_last'],
  },
  {
    key: 'report',
    fields: [
      ...REPORT_FLAGS,
      'record_persons_to_phone',
      'record_other_persons_to_phone',
      'record_phone_number',
      'record_fax_number',
    ],
  },
  {
    key: 'recordExtra',
    fields: [
      'record_additional_information',
      'record_sent_externally',
      'record_derog_flag',
      'record_derog_description',
      'record_uh_flag',
      'record_uh_expected_time',
      'record_delai_flag',
      'record_delai_cause',
      'record_delai_expected_time',
      'record_delai_actual_time',
      'record_delai_impact',
      'record_internal_notes',
    ],
  },
  { key: 'analyses', fields: ['record_selected_analyses'] },
  { key: 'special', fields: ['record_special_considerations'] },
] as const;

export type StepKey = (typeof STEPS)[number]['key'];
export const SUMMARY_STEP = STEPS.length;

/** Index of the step that shows a field; the summary when no step does. */
export function stepOfField(field: string): number {
  const index = STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index >= 0 ? index : SUMMARY_STEP;
}

export const ANALYSES_STEP = STEPS.findIndex((step) => step.key === 'analyses');

/** The issues found that belong to one step's fields. */
export function issuesOfStep<T>(issues: Readonly<Record<string, T>>, index: number): Record<string, T> {
  const fields: readonly string[] = STEPS[index]?.fields ?? [];
  return Object.fromEntries(Object.entries(issues).filter(([field]) => fields.includes(field)));
}

/**
 * Where a move to `target` stops: the first earlier step with an issue, so that a jump over steps
 * never passes an invalid input; `target` itself when every earlier step is valid.
 */
export function stopOnTheWay(issues: Readonly<Record<string, unknown>>, target: number): number {
  for (let index = 0; index < target; index++) {
    if (Object.keys(issuesOfStep(issues, index)).length > 0) return index;
  }
  return target;
}
