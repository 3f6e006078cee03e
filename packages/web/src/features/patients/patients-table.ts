import { hrefTo, PatientRow, patientList } from '@sil/contract';
import { defineTable } from '../../lib/table/table-config';
import { pageOf } from '../../lib/table/table-pages';

/** Patients: made by the add-record wizard, opened on their history. */
export const patientsTable = defineTable(PatientRow, {
  name: 'patients',
  entity: patientList,
  readOnly: true,
  noExport: true,
  valueLabels: {
    patient_gender: (value) => `records:genders.${value}`,
    patient_identity_status: (value) => `records:identity_statuses.${value}`,
  },
  columns: [
    { field: 'patient_surname' },
    { field: 'patient_name' },
    { field: 'patient_birth_name' },
    { field: 'patient_dob', format: 'date' },
    { field: 'patient_gender' },
    { field: 'patient_identity_status' },
    { field: 'patient_last_updated', format: 'datetime' },
  ],
  form: {
    kind: 'route',
    add: (locale) => hrefTo(locale, 'formRecords'),
    open: (row, locale) => hrefTo(locale, 'patient', { patientId: row.patient_id }),
  },
});

export const patientsTablePage = pageOf(patientsTable);
