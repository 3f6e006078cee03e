import { RecordIdQuery } from '../records/actions.js';
import type { RouteDef } from '../route-def.js';
import { RecordRow } from '../rows/record.js';
import { SampleRow } from '../rows/sample.js';
import {
  AddAneBody,
  AddNcaBody,
  CloseNctBody,
  OpenNctBody,
  RecordNonconformities,
  ResolveNcaBody,
  UpdateRecordLblocBody,
  UpdateSampleLblocBody,
} from './schemas.js';

const staff = ['internal'] as const;
const records = (level: 1 | 2) =>
  ({ kind: 'permission', key: 'admin_records', level, userTypes: staff }) as const;
const samples = { kind: 'permission', key: 'admin_samples', level: 2, userTypes: staff } as const;

/** What no change to a frozen record passes: locked, cancelled or sent. */
const RECORD_OPEN = ['cannotEditLock', 'invalidRecordStatusForUpdate'] as const;

/**
 * Non-conformities (spec.md §1, §3, §9; issue 13): the front desk and the biologists record ANEs
 * and NCAs on a record with the records right; technicians open and close a sample's NCT and lock
 * a sample with the samples right. DEROG, UH and Delai are fields of the record (`updatePatient`).
 */
export const nonconformityRoutes = {
  getRecordNonconformities: {
    method: 'GET',
    path: '/api/get-record-nonconformities',
    access: records(1),
    summary: 'The analyses not performed (ANE) and the administrative non-conformities (NCA) of a record',
    query: RecordIdQuery,
    response: RecordNonconformities,
    errors: ['recordNotFound'],
  },
  addAne: {
    method: 'POST',
    path: '/api/add-ane',
    access: records(2),
    summary:
      'Mark an analysis of a record not performed, with its code and description; answers the record’s ANEs and NCAs',
    body: AddAneBody,
    response: RecordNonconformities,
    errors: ['recordNotFound', 'analysisNotInRecord', ...RECORD_OPEN],
  },
  addNca: {
    method: 'POST',
    path: '/api/add-nca',
    access: records(2),
    summary:
      'Raise an administrative non-conformity (NCA) on a record, even a sent one; the record is flagged until every NCA is resolved',
    body: AddNcaBody,
    response: RecordNonconformities,
    errors: ['recordNotFound', 'cannotEditLock'],
  },
  resolveNca: {
    method: 'PUT',
    path: '/api/resolve-nca',
    access: records(2),
    summary: 'Resolve an NCA with its solution; the record’s flag drops with its last open NCA',
    body: ResolveNcaBody,
    response: RecordNonconformities,
    errors: ['ncaNotFound', 'ncaAlreadyResolved', 'cannotEditLock'],
  },
  openNct: {
    method: 'PUT',
    path: '/api/open-nct',
    access: samples,
    summary:
      'Open a technical non-conformity (NCT) on a sample, or reword the one open; validation waits for it',
    body: OpenNctBody,
    response: SampleRow,
    errors: ['sampleNotFound', 'staleUpdate', ...RECORD_OPEN],
  },
  closeNct: {
    method: 'PUT',
    path: '/api/close-nct',
    access: samples,
    summary: 'Close the open NCT of a sample with its solution',
    body: CloseNctBody,
    response: SampleRow,
    errors: ['sampleNotFound', 'nctNotActive', 'staleUpdate', ...RECORD_OPEN],
  },
  updateSampleLbloc: {
    method: 'PUT',
    path: '/api/update-sample-lbloc',
    access: samples,
    summary: 'Lock a sample against validation (LBloc) with why, or lift the lock',
    body: UpdateSampleLblocBody,
    response: SampleRow,
    errors: ['sampleNotFound', 'staleUpdate', ...RECORD_OPEN],
  },
  updateRecordLbloc: {
    method: 'PUT',
    path: '/api/update-record-lbloc',
    access: records(2),
    summary: 'Lock a whole record against validation (LBloc) with why, or lift the lock',
    body: UpdateRecordLblocBody,
    response: RecordRow,
    errors: ['recordNotFound', 'staleUpdate', ...RECORD_OPEN],
  },
} as const satisfies Record<string, RouteDef>;
