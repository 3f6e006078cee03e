import { z } from 'zod';
import { locale } from './fields.js';
import { ImportAnswer, ImportFields, ImportPreview } from './imports/schemas.js';
import { MAX_UPLOAD_BYTES, PortalUploadRow, UploadFields, UploadRow } from './records/documents.js';
import { ImportNabmsAnswer } from './reference/entities.js';
import { ExportQuery } from './reference/list.js';
import type { FileRouteDef } from './route-def.js';
import {
  audienceAnswer,
  ClinicRecordListRow,
  ClinicSampleRow,
  PrescriberRecordListRow,
  PrescriberSampleRow,
} from './rows/audience.js';

const staff = ['internal'] as const;

/** Calls that move files rather than JSON (spec.md §7 exports, uploads, imports), and the SSO start. */
export const fileRoutes = {
  exportRecords: {
    kind: 'export',
    method: 'GET',
    path: '/api/export-records',
    access: { kind: 'permission', key: 'admin_records', level: 1, userTypes: staff },
    summary: 'Export records with their patient as CSV or XLSX',
    query: ExportQuery,
    audiences: { clinic: ClinicRecordListRow, prescriber: PrescriberRecordListRow },
  },
  exportSamples: {
    kind: 'export',
    method: 'GET',
    path: '/api/export-samples',
    access: { kind: 'permission', key: 'admin_samples', level: 1, userTypes: staff },
    summary: 'Export samples as CSV or XLSX',
    query: ExportQuery,
    audiences: { clinic: ClinicSampleRow, prescriber: PrescriberSampleRow },
  },
  exportUsers: {
    kind: 'export',
    method: 'GET',
    path: '/api/export-users',
    access: { kind: 'permission', key: 'admin_access', level: 1, userTypes: staff },
    summary: 'Export the users of the laboratory as CSV or XLSX',
    query: ExportQuery,
  },
  uploadFile: {
    kind: 'upload',
    method: 'POST',
    path: '/api/upload-file',
    // A clinic's medical user attaches files to its own records (spec.md §1 'Audiences').
    access: { kind: 'permission', key: 'admin_records', level: 2, userTypes: staff, externalsWrite: true },
    summary: `Attach a file (PDF, PNG, JPEG or TIFF, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB) to a record or a patient; multipart fields record_id or patient_id, document_type, appears_in_report, then file`,
    fields: UploadFields,
    ...audienceAnswer({ staff: UploadRow, clinic: PortalUploadRow, prescriber: PortalUploadRow }),
    errors: ['recordNotFound', 'patientNotFound', 'unsupportedFileType', 'clinicUserOverreached'],
  },
  downloadUpload: {
    kind: 'download',
    method: 'GET',
    path: '/api/download-upload',
    // Prescriptions and results of other laboratories: a clinic's medical users only (decision 0012).
    access: {
      kind: 'permission',
      key: 'admin_records',
      level: 1,
      userTypes: staff,
      externalsRead: 'medical',
    },
    summary: 'The bytes of an attached file',
    query: z.object({ upload_id: z.uuid() }),
    errors: ['fileNotFound', 'recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  downloadReport: {
    kind: 'download',
    method: 'GET',
    path: '/api/download-report',
    access: {
      kind: 'permission',
      key: 'admin_records',
      level: 1,
      userTypes: staff,
      // The report holds the results: not a clinic's billing user (decision 0012).
      externalsRead: 'medical',
      prescribersRead: true,
    },
    summary: 'The stored PDF of one version of a result report, byte for byte as generated at validation',
    query: z.object({ report_id: z.uuid() }),
    errors: ['reportNotFound', 'recordNotFound', 'clinicUserOverreached'],
  },
  downloadRecordXdm: {
    kind: 'download',
    method: 'GET',
    path: '/api/download-record-xdm',
    // The same callers as the record's exchange files (exportRecordResults): the laboratory's staff.
    access: { kind: 'permission', key: 'admin_records', level: 1, userTypes: staff },
    summary:
      "A validated record's CR-BIO in the IHE XDM package (zip) that secure health messaging (MSSanté) carries: README.TXT, INDEX.HTM, IHE_XDM/SUBSET01/DOC0001.XML and its METADATA.XML",
    query: z.object({ record_id: z.uuid() }),
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached', 'recordNotValidated'],
  },
  importNabms: {
    kind: 'upload',
    method: 'POST',
    path: '/api/import-nabms',
    access: { kind: 'permission', key: 'admin_nabms', level: 2, userTypes: staff },
    summary:
      'Import the national NABM table (CSV in the IR_BIO_R layout, or FHIR CodeSystem JSON) in the multipart field file; all or nothing',
    fields: z.object({}),
    response: ImportNabmsAnswer,
    errors: ['invalidImportFile', 'laboratoryNotFound'],
  },
  previewResultsImport: {
    kind: 'upload',
    method: 'POST',
    path: '/api/preview-results-import',
    access: { kind: 'permission', key: 'admin_samples', level: 1, userTypes: staff },
    summary:
      'Read an instrument file (multipart fields file_type, machine_id, then file) without writing: the values each sample will get, and every row that will not be written with why',
    fields: ImportFields,
    response: ImportPreview,
    errors: ['invalidImportFile', 'machineNotFound'],
  },
  importResults: {
    kind: 'upload',
    method: 'POST',
    path: '/api/import-results',
    access: { kind: 'permission', key: 'admin_samples', level: 2, userTypes: staff },
    summary:
      'Write the results of an instrument file (same fields as the preview), all or nothing; the same file again changes nothing',
    fields: ImportFields,
    response: ImportAnswer,
    errors: [
      'invalidImportFile',
      'machineNotFound',
      'resultValidated',
      'outOfBounds',
      'invalidRecordStatusForUpdate',
    ],
  },
  pscStart: {
    kind: 'redirect',
    method: 'GET',
    path: '/auth/psc/start',
    access: { kind: 'public' },
    summary:
      'Start the health-professional single sign-on (Pro Santé Connect): to the provider with PKCE and nonce',
    query: z.object({ locale: locale.default('fr') }),
    errors: ['ssoNotConfigured', 'ssoFailed'],
  },
  pscCallback: {
    kind: 'redirect',
    method: 'GET',
    path: '/auth/psc/callback',
    access: { kind: 'public' },
    summary:
      "The provider's return: on to the security page (linking) or the login page with state, session_state and code",
    query: z.object({
      state: z.string().max(200).optional(),
      session_state: z.string().max(500).optional(),
      code: z.string().max(2000).optional(),
      iss: z.string().max(500).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(1000).optional(),
    }),
  },
} as const satisfies Record<string, FileRouteDef>;

export type FileRoutes = typeof fileRoutes;
export type FileRouteName = keyof FileRoutes;
