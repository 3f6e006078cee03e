import {
  AnalysisRow,
  BIOLOGY_CHAPTERS,
  CIQ_FREQUENCIES,
  ClinicRow,
  CollectorRow,
  entities,
  FamilyRow,
  isValidAdeli,
  isValidRpps,
  MachineRow,
  MatrixRow,
  NabmRow,
  ParameterRow,
  PrescriberRow,
  SampleTypeRow,
  TITLES,
} from '@sil/contract';
import { machineConnectionForm } from '../../lib/form/machine-connection';
import { defineTable } from '../../lib/table/table-config';

const text = <K extends string>(name: K, wide = false) => ({ name, kind: 'text' as const, wide });
const area = <K extends string>(name: K) => ({ name, kind: 'text' as const, multiline: true, wide: true });
const flag = <K extends string>(name: K) => ({ name, kind: 'boolean' as const });

export const matricesTable = defineTable(MatrixRow, {
  name: 'matrices',
  entity: entities.matrices,
  columns: [{ field: 'matrix_name' }, { field: 'matrix_last_updated', format: 'datetime' }],
  form: { kind: 'modal', fields: [text('matrix_name', true)] },
});

export const familiesTable = defineTable(FamilyRow, {
  name: 'families',
  entity: entities.families,
  columns: [
    { field: 'family_name' },
    { field: 'family_rank' },
    { field: 'family_is_envoi', format: 'boolean' },
    { field: 'family_last_updated', format: 'datetime' },
  ],
  form: {
    kind: 'modal',
    fields: [
      text('family_name'),
      { name: 'family_rank', kind: 'int' },
      // The report chapter (LOINC) the CR-BIO files the family's analyses under.
      {
        name: 'family_chapter',
        kind: 'options',
        options: Object.keys(BIOLOGY_CHAPTERS),
        translate: true,
      },
      area('family_report_message'),
      flag('family_is_envoi'),
    ],
  },
});

export const machinesTable = defineTable(MachineRow, {
  name: 'machines',
  entity: entities.machines,
  columns: [{ field: 'machine_name' }, { field: 'machine_code' }, { field: 'machine_location' }],
  form: {
    kind: 'modal',
    fields: [
      text('machine_name'),
      text('machine_code'),
      text('machine_location', true),
      // How an analyser is connected through the laboratory's agent (issue 41).
      ...machineConnectionForm,
    ],
  },
});

export const sampleTypesTable = defineTable(SampleTypeRow, {
  name: 'sample_types',
  entity: entities.sample_types,
  columns: [{ field: 'sample_type_name' }, { field: 'sample_type_description' }],
  form: { kind: 'modal', fields: [text('sample_type_name', true), area('sample_type_description')] },
});

export const clinicsTable = defineTable(ClinicRow, {
  name: 'clinics',
  entity: entities.clinics,
  columns: [
    { field: 'clinic_name' },
    { field: 'clinic_code' },
    { field: 'clinic_phone_num' },
    { field: 'clinic_visible', format: 'boolean' },
  ],
  form: {
    kind: 'modal',
    fields: [
      text('clinic_name'),
      text('clinic_code'),
      { name: 'clinic_phone_num', kind: 'phone' },
      // Visible from the start, as the server makes it: only visible clinics are listed.
      { ...flag('clinic_visible'), initial: true },
    ],
  },
});

export const collectorsTable = defineTable(CollectorRow, {
  name: 'collectors',
  entity: entities.collectors,
  columns: [
    { field: 'collector_surname' },
    { field: 'collector_name' },
    { field: 'collector_owner', format: { reference: 'clinics' } },
    { field: 'collector_internal_code' },
    { field: 'collector_phone_num' },
  ],
  form: {
    kind: 'modal',
    fields: [
      text('collector_surname'),
      text('collector_name'),
      { name: 'collector_owner', kind: 'reference', table: 'clinics' },
      { name: 'collector_phone_num', kind: 'phone' },
      text('collector_internal_code'),
      text('collector_qualification'),
      text('collector_billing_number'),
      text('collector_structure_number'),
      text('collector_call_code'),
      text('collector_conventional_code'),
      text('collector_practice_conditions'),
      text('collector_pricing_zone'),
      text('collector_ik_zone'),
      text('collector_ged_doc_diff'),
      { name: 'collector_obsolete_from', kind: 'date' },
      flag('collector_billed_by_lab'),
    ],
  },
});

export const prescribersTable = defineTable(PrescriberRow, {
  name: 'prescribers',
  entity: entities.prescribers,
  columns: [
    { field: 'prescriber_title' },
    { field: 'prescriber_surname' },
    { field: 'prescriber_name' },
    { field: 'prescriber_rpps' },
    { field: 'prescriber_adeli' },
    { field: 'prescriber_specialty', format: 'specialty' },
    { field: 'prescriber_phone_num' },
  ],
  form: {
    kind: 'modal',
    fields: [
      { name: 'prescriber_title', kind: 'options', options: TITLES },
      { name: 'prescriber_specialty', kind: 'specialty' },
      text('prescriber_surname'),
      text('prescriber_name'),
      { name: 'prescriber_rpps', kind: 'identifier', check: isValidRpps, issue: 'rpps' },
      { name: 'prescriber_adeli', kind: 'identifier', check: isValidAdeli, issue: 'adeli' },
      { name: 'prescriber_phone_num', kind: 'phone' },
      { name: 'prescriber_fax', kind: 'phone' },
      { name: 'prescriber_mssante', kind: 'text', wide: true, hint: true },
    ],
  },
});

export const nabmsTable = defineTable(NabmRow, {
  name: 'nabms',
  entity: entities.nabms,
  columns: [
    { field: 'nabm_code' },
    { field: 'nabm_wording' },
    { field: 'nabm_chapter' },
    { field: 'nabm_coef_b' },
    { field: 'nabm_refund', format: 'boolean' },
    { field: 'nabm_retired', format: 'boolean' },
  ],
  form: {
    kind: 'modal',
    fields: [
      text('nabm_code'),
      text('nabm_key_letter'),
      area('nabm_wording'),
      text('nabm_chapter'),
      text('nabm_subchapter'),
      { name: 'nabm_coef_b', kind: 'number', decimals: 2 },
      { name: 'nabm_max_num_code', kind: 'int' },
      flag('nabm_refund'),
      flag('nabm_agreement'),
      flag('nabm_bio_initiative'),
      flag('nabm_blood_test'),
      flag('nabm_contingency'),
      flag('nabm_reserved_acts'),
      { name: 'nabm_incompatible_codes', kind: 'codes', wide: true },
      text('nabm_med_indic_ref'),
      text('nabm_rmo'),
      text('nabm_spec_rule_num'),
      { name: 'nabm_last_eeet_date', kind: 'date' },
      { name: 'nabm_creation_date', kind: 'date' },
      { name: 'nabm_end_date', kind: 'date' },
      flag('nabm_retired'),
    ],
  },
});

export const parametersTable = defineTable(ParameterRow, {
  name: 'parameters',
  entity: entities.parameters,
  columns: [
    { field: 'parameter_name' },
    { field: 'parameter_code' },
    { field: 'parameter_family', format: { reference: 'families' } },
    { field: 'parameter_matrix', format: { reference: 'matrices' } },
    { field: 'parameter_machine', format: { reference: 'machines' } },
    { field: 'parameter_method' },
    { field: 'parameter_unit' },
  ],
  form: { kind: 'page' },
});

export const analysesTable = defineTable(AnalysisRow, {
  name: 'analyses',
  entity: entities.analyses,
  columns: [
    { field: 'analysis_name' },
    { field: 'analysis_nabm_codes', format: 'list' },
    { field: 'analysis_matrix', format: { reference: 'matrices' } },
    { field: 'analysis_family', format: { reference: 'families' } },
    { field: 'analysis_sample_type', format: { reference: 'sample_types' } },
    { field: 'analysis_visible', format: 'boolean' },
    { field: 'analysis_custom_cost_cents', format: 'cents' },
    { field: 'analysis_last_updated', format: 'datetime' },
  ],
  form: {
    kind: 'modal',
    fields: [
      text('analysis_name', true),
      { name: 'analysis_matrix', kind: 'reference', table: 'matrices' },
      { name: 'analysis_family', kind: 'reference', table: 'families' },
      // The tube an analysis needs: samples of a record are grouped by sample type and matrix.
      { name: 'analysis_sample_type', kind: 'reference', table: 'sample_types' },
      // The national NABM table is large (654 KB whole): its acts are searched as the user types.
      {
        name: 'analysis_nabm_codes',
        kind: 'references',
        table: 'nabms',
        searched: true,
        wide: true,
        emptyWarning: true,
      },
      { name: 'analysis_machines', kind: 'references', table: 'machines', wide: true },
      { name: 'analysis_parameters', kind: 'references', table: 'parameters', wide: true },
      // Visible unless told otherwise, as the server's default; the hint says what hiding does.
      { ...flag('analysis_visible'), initial: true, hint: true, wide: true },
      flag('analysis_hide_in_report'),
      // The laboratory's list of results hidden from the patient in the DMP until a consultation.
      { ...flag('analysis_dmp_invisible'), hint: true, wide: true },
      { name: 'analysis_sample_allocation', kind: 'number', decimals: 2 },
      { name: 'analysis_custom_cost_cents', kind: 'money', cents: true },
      flag('analysis_requires_sampling_time'),
      flag('analysis_is_forensic'),
      flag('analysis_accredited_15189'),
      flag('analysis_accredited_17025'),
      { name: 'analysis_forensic_remarks', kind: 'remarks', wide: true },
      flag('analysis_ciq_enabled'),
      { name: 'analysis_ciq_default_frequency', kind: 'options', options: CIQ_FREQUENCIES, translate: true },
      text('analysis_ciq_instrument_code'),
      text('analysis_ciq_analysis_id'),
      text('analysis_ciq_analysis_name'),
      text('analysis_ciq_lis_analysis_name'),
      text('analysis_ciq_control_name'),
    ],
  },
});
