import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PatientRow } from './patient.js';
import { PatientHistory, RecordDetail, RecordListRow, RecordRow } from './record.js';
import { referenceRowOf, referenceRows } from './reference.js';
import { SampleRow } from './sample.js';

const STAMP = '2026-11-22T15:44:47.123Z';
const ids = {
  patient: '0b9f3c1e-6a52-4c1d-9e57-3f1a2b4c5d6e',
  record: '1c8e2d0f-7b63-4d2e-8f68-4a2b3c5d6e7f',
  sample: '2d7f1e9a-8c74-4e3f-9a79-5b3c4d6e7f80',
  clinic: '3e6a0f8b-9d85-4f40-8b8a-6c4d5e7f8091',
  matrix: '4f5b9a7c-ae96-4a51-9c9b-7d5e6f8091a2',
};

/** A patient as `presentPatient` answers it today (every stored column, stamps in ISO 8601). */
const patient = {
  patient_id: ids.patient,
  patient_surname: 'MARTIN',
  patient_name: 'Jeanne',
  patient_birth_name: null,
  patient_gender: 'F',
  patient_dob: '1979-03-12',
  patient_birthplace: '51215',
  patient_civility: 'MME',
  patient_title: null,
  patient_height_cm: null,
  patient_weight_kg: 61,
  patient_pregnant: false,
  patient_newborn: false,
  patient_nir: '279035121518989',
  patient_ins: null,
  patient_ins_oid: null,
  patient_identity_status: 'provisional',
  patient_address: '3 rue des Lilas',
  patient_city: 'Reims',
  patient_zip: '51100',
  patient_country: 'FR',
  patient_phone_num: '+33612345678',
  patient_landline: null,
  patient_email: 'jeanne.martin@example.fr',
  patient_fax: null,
  patient_insurance: null,
  patient_agreement_type: null,
  patient_insurance_code1: null,
  patient_insurance_code2: null,
  patient_insurance_from: null,
  patient_insurance_to: '2026-01-31',
  patient_external_id: null,
  patient_owner: ids.clinic,
  patient_treating_practitioner: null,
  patient_posology: null,
  patient_treatment_last: null,
  patient_internal_notes: null,
  patient_created: STAMP,
  patient_last_updated: STAMP,
  patient_insurance_warning: 'expired',
};

const flags = (names: string[]) => Object.fromEntries(names.map((name) => [name, false]));
const record = {
  record_id: ids.record,
  record_number: '2611220001',
  record_patient: ids.patient,
  record_status: 1,
  record_prescription_date: '2026-11-20',
  record_password: 'k3Xq9a',
  record_internal_notes: null,
  record_collector: null,
  record_prescriber: null,
  record_owner: ids.clinic,
  record_treating_practitioner: null,
  record_collection_datetime: STAMP,
  record_selected_analyses: [{ combination: 1, analysis_ids: [ids.matrix] }],
  record_clinical_information: null,
  record_interpretation: null,
  record_derog_description: null,
  record_uh_expected_time: null,
  record_delai_cause: null,
  record_delai_expected_time: null,
  record_delai_actual_time: null,
  record_delai_impact: null,
  record_annulment_explanation: null,
  record_replaced_by: null,
  record_replaces: null,
  record_persons_to_phone: [],
  record_other_persons_to_phone: null,
  record_phone_number: null,
  record_fax_number: null,
  record_linked_records: [],
  record_special_considerations: null,
  record_additional_information: null,
  record_lbloc_description: null,
  record_scanned_at: null,
  record_received_at: STAMP,
  record_validated_at: null,
  record_created: STAMP,
  record_last_updated: STAMP,
  ...flags(
    ['collected_externally', 'includes_external_samples', 'is_urgent', 'pregnant'].map((f) => `record_${f}`),
  ),
  ...flags(
    ['unresolved_nca', 'derog_flag', 'uh_flag', 'delai_flag', 'oral_flag', 'lbloc_flag'].map(
      (f) => `record_${f}`,
    ),
  ),
  ...flags(['annulr_flag', 'sent_externally', 'multiprescription', 'locked'].map((f) => `record_${f}`)),
  ...flags(
    ['fax', 'phone', 'post', 'paper', 'online', 'insurance_report', 'occupational_physician'].flatMap((c) => [
      `record_must_${c}`,
      `record_pending_${c}`,
    ]),
  ),
};

const sample = {
  sample_id: ids.sample,
  sample_number: '26112200011',
  sample_record: ids.record,
  sample_type: null,
  sample_matrix: ids.matrix,
  sample_analyses: [ids.matrix],
  sample_status: 0,
  sample_collection_datetime: null,
  sample_collector: null,
  sample_linked_sample: null,
  sample_additional: false,
  sample_observations: null,
  sample_interpretation: null,
  sample_nct_active: false,
  sample_nct_code: null,
  sample_nct_description: null,
  sample_nct_solution: null,
  sample_lbloc_flag: false,
  sample_lbloc_description: null,
  sample_machine: null,
  sample_prepared_by: null,
  sample_prepared_at: null,
  sample_injected_by: null,
  sample_injected_at: null,
  sample_removed_by: null,
  sample_removed_at: null,
  sample_validated_by: null,
  sample_validated_at: null,
  sample_last_updated: STAMP,
};

/** The server's serializer encodes answers through these schemas: both ways must keep every field. */
function expectRoundTrip(schema: z.ZodType, answer: object) {
  expect(schema.parse(answer)).toEqual(answer);
  expect(z.encode(schema, schema.parse(answer))).toEqual(answer);
}

describe('row schemas of the answers', () => {
  it('read and write a patient as the server answers it', () => {
    expectRoundTrip(PatientRow, patient);
    expect(PatientRow.safeParse({ ...patient, patient_last_updated: undefined }).success).toBe(false);
  });

  it('read and write a record, a listed record with its patient, and one with its samples', () => {
    expectRoundTrip(RecordRow, record);
    const listed = {
      ...record,
      patient_surname: 'MARTIN',
      patient_name: 'Jeanne',
      patient_dob: '1979-03-12',
    };
    expectRoundTrip(RecordListRow, { ...listed, patient_gender: 'F', record_abnormal: true });
    expectRoundTrip(RecordDetail, {
      ...record,
      patient,
      record_samples: [ids.sample],
      samples: [{ ...sample, sample_type_name: null, matrix_name: 'Sang total' }],
      record_prescriber_name: 'BERNARD Claire',
      record_collector_name: null,
      record_owner_name: 'Clinique des Lilas',
      record_analyses: [{ analysis_id: ids.matrix, analysis_name: 'NFS' }],
    });
    expectRoundTrip(PatientHistory, { patient, records: [{ ...record, samples: [sample] }] });
    expect(RecordRow.safeParse({ ...record, record_status: 9 }).success).toBe(false);
  });

  it('read and write a sample', () => {
    expectRoundTrip(SampleRow, sample);
    expect(SampleRow.safeParse({ ...sample, sample_nct_active: 'yes' }).success).toBe(false);
  });
});

/** One stored row per reference table, as the generic routes answer them. */
const referenceAnswers = {
  matrices: { matrix_id: ids.matrix, matrix_name: 'Sang total', matrix_last_updated: STAMP },
  families: {
    family_id: ids.matrix,
    family_name: 'Hématologie',
    family_rank: 2,
    family_report_message: null,
    family_is_envoi: true,
    family_last_updated: STAMP,
  },
  machines: {
    machine_id: ids.matrix,
    machine_name: 'Automate 1',
    machine_code: 'A1',
    machine_location: null,
    machine_last_updated: STAMP,
  },
  sample_types: {
    sample_type_id: ids.matrix,
    sample_type_name: 'Tube EDTA',
    sample_type_description: null,
    sample_type_last_updated: STAMP,
  },
  clinics: {
    clinic_id: ids.clinic,
    clinic_name: 'Clinique des Lilas',
    clinic_code: 'LIL',
    clinic_visible: true,
    clinic_phone_num: null,
    clinic_last_updated: STAMP,
  },
  collectors: {
    collector_id: ids.matrix,
    collector_surname: 'DURAND',
    collector_name: 'Paul',
    collector_owner: ids.clinic,
    collector_phone_num: null,
    collector_billed_by_lab: false,
    ...Object.fromEntries(
      [
        'billing_number',
        'call_code',
        'conventional_code',
        'ged_doc_diff',
        'ik_zone',
        'internal_code',
        'obsolete_from',
        'practice_conditions',
        'pricing_zone',
        'qualification',
        'structure_number',
      ].map((f) => [`collector_${f}`, null]),
    ),
    collector_last_updated: STAMP,
  },
  prescribers: {
    prescriber_id: ids.matrix,
    prescriber_title: 'Dr',
    prescriber_surname: 'BERNARD',
    prescriber_name: 'Claire',
    prescriber_rpps: '10987654323',
    prescriber_adeli: null,
    prescriber_specialty: 1,
    prescriber_phone_num: null,
    prescriber_fax: null,
    prescriber_last_updated: STAMP,
  },
  nabms: {
    nabm_code: '0101',
    nabm_wording: 'Acte',
    nabm_chapter: null,
    nabm_subchapter: null,
    nabm_key_letter: 'B',
    nabm_coef_b: 12.5,
    nabm_refund: true,
    nabm_agreement: false,
    nabm_bio_initiative: false,
    nabm_blood_test: false,
    nabm_contingency: false,
    nabm_incompatible_codes: ['0102'],
    nabm_last_eeet_date: null,
    nabm_max_num_code: null,
    nabm_med_indic_ref: null,
    nabm_rmo: null,
    nabm_spec_rule_num: null,
    nabm_reserved_acts: false,
    nabm_creation_date: '2020-01-01',
    nabm_end_date: null,
    nabm_retired: false,
    nabm_last_updated: STAMP,
  },
  parameters: {
    parameter_id: ids.matrix,
    parameter_name: 'Hémoglobine',
    parameter_rank: 1,
    parameter_code: 'HB',
    parameter_machine: null,
    parameter_family: null,
    parameter_matrix: ids.matrix,
    parameter_medium: null,
    parameter_method: null,
    parameter_unit: 'g/dL',
    parameter_decimals: 1,
    parameter_technical_sheet: null,
    parameter_urine_sample: false,
    parameter_positivity_threshold: null,
    parameter_is_forensic: false,
    parameter_hidden: false,
    parameter_accredited_15189: true,
    parameter_accredited_17025: false,
    parameter_lower_detection_limit: 0.5,
    parameter_upper_detection_limit: null,
    parameter_has_formula: false,
    parameter_formula: null,
    parameter_formula_male: null,
    parameter_formula_female: null,
    parameter_unit_after_calc: null,
    parameter_show_before_after: false,
    parameter_default_range_only: false,
    parameter_ranges: [
      {
        matrix_id: null,
        population: 'adultFemale',
        min: 12,
        max: 16,
        comment: null,
        delta: null,
        post_conversion_comment: null,
      },
    ],
    parameter_zones: { toxic: { min: 20, max: null } },
    parameter_last_updated: STAMP,
  },
  analyses: {
    analysis_id: ids.matrix,
    analysis_name: 'NFS',
    analysis_matrix: ids.matrix,
    analysis_family: null,
    analysis_sample_type: null,
    analysis_nabm_codes: ['1104'],
    analysis_machines: [],
    analysis_parameters: [ids.matrix],
    analysis_visible: true,
    analysis_hide_in_report: false,
    analysis_sample_allocation: null,
    analysis_custom_cost_cents: null,
    analysis_requires_sampling_time: false,
    analysis_accredited_15189: false,
    analysis_accredited_17025: false,
    analysis_is_forensic: false,
    analysis_forensic_remarks: [{ range: '>100', remark: 'Toxique' }],
    analysis_ciq_enabled: false,
    analysis_ciq_instrument_code: null,
    analysis_ciq_lis_analysis_name: null,
    analysis_ciq_analysis_id: null,
    analysis_ciq_control_name: null,
    analysis_ciq_default_frequency: null,
    analysis_ciq_analysis_name: null,
    analysis_last_updated: STAMP,
  },
} satisfies Record<keyof typeof referenceRows, object>;

describe('reference rows', () => {
  it.each(Object.entries(referenceAnswers))('read and write a stored row of %s', (table, answer) => {
    expectRoundTrip(referenceRowOf({ table }), answer);
  });

  it('refuses a row without its stamp, and a table that has no row schema', () => {
    expect(referenceRows.matrices.safeParse({ matrix_id: ids.matrix, matrix_name: 'x' }).success).toBe(false);
    expect(() => referenceRowOf({ table: 'nothing' })).toThrow(/no row schema/);
  });
});
