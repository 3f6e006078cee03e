import { z } from 'zod';
import { listAnswer } from '../reference/list.js';
import type { RouteDef } from '../routes.js';
import {
  CancelRecordBody,
  DuplicateGroup,
  InsLookupAnswer,
  InsLookupQuery,
  PatientIdQuery,
  ReceiveRecordBody,
  RecordIdQuery,
  RecordListQuery,
  ResolveDuplicatesAnswer,
  ResolveDuplicatesBody,
  SampleIdQuery,
  ScanRecordBody,
  TraceEntry,
  UpdateRecordCommentsBody,
  UpdateRecordStatusBody,
  UpdateSampleStatusBody,
} from './actions.js';
import { AddPatientAnswer, AddPatientBody, UpdatePatientBody } from './record.js';

/** A row named by its id field; the other fields pass through as stored. */
const row = <K extends string>(id: K) => z.looseObject({ [id]: z.string() } as Record<K, z.ZodString>);
const PatientRow = row('patient_id');
const RecordRow = row('record_id');
const SampleRow = row('sample_id');
const staff = ['internal'] as const;
const records = (level: 1 | 2 | 3) =>
  ({ kind: 'permission', key: 'admin_records', level, userTypes: staff }) as const;
const patients = (level: 1 | 2 | 3) =>
  ({ kind: 'permission', key: 'admin_patients', level, userTypes: staff }) as const;
const samples = (level: 1 | 2 | 3) =>
  ({ kind: 'permission', key: 'admin_samples', level, userTypes: staff }) as const;

/** Patients, records and samples (spec.md §7 endpoint table and 'other calls'). */
export const recordRoutes = {
  getPatients: {
    method: 'GET',
    path: '/api/get-patients',
    access: patients(1),
    summary: 'Patients, searched by name, insurance number or date of birth (DD/MM/YYYY)',
    query: RecordListQuery,
    response: listAnswer(PatientRow),
  },
  getPatient: {
    method: 'GET',
    path: '/api/get-patient',
    access: patients(1),
    summary: 'One patient (as a one-item array)',
    query: PatientIdQuery,
    response: z.array(PatientRow),
  },
  getPatientHistory: {
    method: 'GET',
    path: '/api/get-patient-history',
    access: patients(1),
    summary: 'A patient with every record and its samples, newest first',
    query: PatientIdQuery,
    response: z.object({ patient: PatientRow, records: z.array(RecordRow) }),
  },
  addPatient: {
    method: 'POST',
    path: '/api/add-patient',
    access: records(2),
    summary: 'Create a record (and its patient when new), with its samples',
    body: AddPatientBody,
    response: AddPatientAnswer,
  },
  updatePatient: {
    method: 'PUT',
    path: '/api/update-patient',
    access: records(2),
    summary: 'Update a patient and/or a record; refused when a stamp is stale',
    body: UpdatePatientBody,
    response: z.object({ patient: PatientRow.nullable(), record: RecordRow.nullable() }),
  },
  getRecords: {
    method: 'GET',
    path: '/api/get-records',
    access: { kind: 'authenticated' },
    summary: 'Records: staff see their laboratory, clinic users their clinic, prescribers their own',
    query: RecordListQuery,
    response: listAnswer(RecordRow),
  },
  getRecord: {
    method: 'GET',
    path: '/api/get-record',
    access: { kind: 'authenticated' },
    summary: 'One record with its patient and samples (as a one-item array)',
    query: RecordIdQuery,
    response: z.array(RecordRow),
  },
  updateRecordStatus: {
    method: 'PUT',
    path: '/api/update-record-status',
    access: records(2),
    summary: 'Move a record forward in its statuses (never back)',
    body: UpdateRecordStatusBody,
    response: RecordRow,
  },
  updateRecordComments: {
    method: 'PUT',
    path: '/api/update-record-comments',
    access: records(2),
    summary: 'Replace the internal notes of a record',
    body: UpdateRecordCommentsBody,
    response: RecordRow,
  },
  cancelRecord: {
    method: 'PUT',
    path: '/api/cancel-record',
    access: records(2),
    summary: 'Cancel a record with an explanation and, by default, create the record that replaces it',
    body: CancelRecordBody,
    response: z.object({ cancelled: RecordRow, replacement: RecordRow.nullable() }),
  },
  receiveRecord: {
    method: 'PUT',
    path: '/api/receive-record',
    access: records(2),
    summary: 'Mark a record received at the laboratory',
    body: ReceiveRecordBody,
    response: RecordRow,
  },
  scanRecord: {
    method: 'PUT',
    path: '/api/scan-record',
    access: records(1),
    summary: 'Record the scan of a record barcode; a record is scanned only once',
    body: ScanRecordBody,
    response: RecordRow,
  },
  getRecordTrace: {
    method: 'GET',
    path: '/api/get-record-trace',
    access: records(1),
    summary: 'Audit trail of a record, its samples and its patient',
    query: RecordIdQuery,
    response: z.array(TraceEntry),
  },
  getSamples: {
    method: 'GET',
    path: '/api/get-samples',
    access: samples(1),
    summary: 'Samples of the laboratory',
    query: RecordListQuery,
    response: listAnswer(SampleRow),
  },
  getSample: {
    method: 'GET',
    path: '/api/get-sample',
    access: samples(1),
    summary: 'One sample (as a one-item array)',
    query: SampleIdQuery,
    response: z.array(SampleRow),
  },
  updateSampleStatus: {
    method: 'PUT',
    path: '/api/update-sample-status',
    access: samples(2),
    summary: 'Move a sample forward (prepared, injected, removed, validated, report sent)',
    body: UpdateSampleStatusBody,
    response: SampleRow,
  },
  getDuplicates: {
    method: 'GET',
    path: '/api/get-duplicates',
    access: patients(1),
    summary: 'Groups of patients sharing the identity traits',
    response: z.array(DuplicateGroup),
  },
  resolveDuplicates: {
    method: 'PUT',
    path: '/api/resolve-duplicates',
    access: patients(3),
    summary: 'Delete duplicate patients, moving their records and notes to the replacement, all at once',
    body: ResolveDuplicatesBody,
    response: ResolveDuplicatesAnswer,
  },
  getInsFromIdentityInformation: {
    method: 'GET',
    path: '/api/get-ins-from-identity-information',
    access: patients(1),
    summary: 'Look up the national health identity (INSi) from the identity traits',
    query: InsLookupQuery,
    response: InsLookupAnswer,
  },
} as const satisfies Record<string, RouteDef>;
