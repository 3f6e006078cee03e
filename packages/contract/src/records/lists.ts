import { TASK_FILTER, TASK_TYPES } from '../dashboard/tasks.js';
import { byUpdate, type EntityDefinition, paths } from '../reference/shared.js';
import { patientFields } from './patient.js';
import { recordFields } from './record.js';
import { recordStatusFilter, sampleStatusFilter } from './statuses.js';

/**
 * How the patients, records and samples tables list, search, sort and filter (spec.md §9). They are
 * not reference tables: records are created through the add-record wizard, not a generic form.
 */
export const patientList = {
  table: 'patients',
  permission: 'admin_patients',
  idField: 'patient_id',
  stampField: 'patient_last_updated',
  labelField: 'patient_surname',
  fields: patientFields,
  required: ['patient_surname', 'patient_name', 'patient_gender', 'patient_dob'],
  sorts: {
    surname: 'patient_surname',
    firstName: 'patient_name',
    dob: 'patient_dob',
    creationDate: 'patient_created',
    id: 'patient_id',
  },
  defaultSort: byUpdate('patient_last_updated'),
  search: [
    'patient_surname',
    'patient_name',
    'patient_birth_name',
    'patient_nir',
    'patient_ins',
    'patient_external_id',
  ],
  filters: {
    patient_gender: { kind: 'values', values: ['M', 'F', 'I'] },
    patient_identity_status: {
      kind: 'values',
      values: ['provisional', 'retrieved', 'validated', 'qualified'],
    },
    patient_owner: { kind: 'reference', table: 'clinics', permission: 'admin_clinics' },
  },
  unique: [],
  notFound: 'patientNotFound',
  paths: paths('patient', 'patients'),
} as const satisfies EntityDefinition;

export const recordList = {
  table: 'records',
  permission: 'admin_records',
  idField: 'record_id',
  stampField: 'record_last_updated',
  labelField: 'record_number',
  fields: recordFields,
  required: ['record_selected_analyses'],
  sorts: {
    id: 'record_number',
    code: 'record_number',
    recordStatus: 'record_status',
    creationDate: 'record_created',
  },
  defaultSort: byUpdate('record_last_updated'),
  dateRangeSort: { field: 'record_created', order: 'DESC' },
  search: ['record_number'],
  filters: {
    record_status: { kind: 'values', values: recordStatusFilter },
    record_is_urgent: { kind: 'boolean' },
    record_annulr_flag: { kind: 'boolean' },
    record_owner: { kind: 'reference', table: 'clinics', permission: 'admin_clinics' },
    record_prescriber: { kind: 'reference', table: 'prescribers', permission: 'admin_prescribers' },
    record_collector: { kind: 'reference', table: 'collectors', permission: 'admin_collectors' },
    // The dashboard's tasks in progress (issue 17): the records of one task, and the flags they read.
    [TASK_FILTER]: { kind: 'values', values: TASK_TYPES },
    record_sent_externally: { kind: 'boolean' },
    record_unresolved_nca: { kind: 'boolean' },
    record_lbloc_flag: { kind: 'boolean' },
    record_delai_flag: { kind: 'boolean' },
    record_pending_fax: { kind: 'boolean' },
    record_pending_phone: { kind: 'boolean' },
    record_pending_post: { kind: 'boolean' },
    record_pending_paper: { kind: 'boolean' },
    record_pending_online: { kind: 'boolean' },
    record_pending_insurance_report: { kind: 'boolean' },
    record_pending_occupational_physician: { kind: 'boolean' },
    // Records with a validated result out of range (RecordListFields.record_abnormal, issue 17).
    record_abnormal: { kind: 'boolean' },
  },
  unique: [],
  notFound: 'recordNotFound',
  paths: paths('record', 'records'),
} as const satisfies EntityDefinition;

export const sampleList = {
  table: 'samples',
  permission: 'admin_samples',
  idField: 'sample_id',
  stampField: 'sample_last_updated',
  labelField: 'sample_number',
  fields: {},
  required: [],
  sorts: {
    id: 'sample_number',
    code: 'sample_number',
    nonCompliance: 'sample_nct_active',
    observations: 'sample_observations',
  },
  defaultSort: byUpdate('sample_last_updated'),
  search: ['sample_number', 'sample_observations'],
  filters: {
    sample_status: { kind: 'values', values: sampleStatusFilter },
    sample_nct_active: { kind: 'boolean' },
    sample_matrix: { kind: 'reference', table: 'matrices', permission: 'admin_matrices' },
    sample_type: { kind: 'reference', table: 'sample_types', permission: 'admin_sample_types' },
  },
  unique: [],
  notFound: 'sampleNotFound',
  paths: paths('sample', 'samples'),
} as const satisfies EntityDefinition;
