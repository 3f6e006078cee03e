import { z } from 'zod';
import { UPLOAD_FILE_TYPES } from '../enums.js';
import { formBoolean } from '../fields.js';
import type { RouteDef } from '../route-def.js';
import { audienceAnswer } from '../rows/audience.js';
import { RecordIdQuery } from './actions.js';

/** A document of the report service: a PDF to download, or nothing to download (spec.md's 'SKIP DOWNLOAD'). */
export const DocumentAnswer = z.union([
  z.object({ filename: z.string(), pdf_base64: z.string() }),
  z.object({ skip: z.literal(true) }),
]);
export type DocumentAnswer = z.infer<typeof DocumentAnswer>;

/** Exactly what the workstation agent's POST /print-barcode takes (spec.md §7 'Local helper services'). */
export const LabelData = z.object({
  name: z.string(),
  dob: z.string(),
  barcode: z.string(),
  samples: z.array(z.object({ sample_id: z.string(), sample_type: z.string(), sample_matrix: z.string() })),
  amount: z.number().int(),
  password: z.string(),
});

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Files a laboratory attaches: scans and documents, recognised by their first bytes. */
export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'] as const;

export const UploadFields = z.object({
  record_id: z.uuid().optional(),
  patient_id: z.uuid().optional(),
  document_type: z.enum(UPLOAD_FILE_TYPES),
  appears_in_report: formBoolean.default(false),
});
export const UploadRow = z.object({
  upload_id: z.uuid(),
  upload_record: z.uuid().nullable(),
  upload_patient: z.uuid().nullable(),
  upload_name: z.string(),
  upload_content_type: z.string(),
  upload_size: z.number(),
  upload_document_type: z.string(),
  upload_appears_in_report: z.boolean(),
  upload_created: z.string(),
  upload_by: z.uuid(),
});
export type UploadRow = z.infer<typeof UploadRow>;
/**
 * A file as a clinic user reads it: who attached it is the laboratory's business, and its
 * internal user id means nothing outside (decision 0012); staff read `upload_by`.
 */
export const PortalUploadRow = UploadRow.omit({ upload_by: true });
export type PortalUploadRow = z.infer<typeof PortalUploadRow>;

const staff = ['internal'] as const;
const records = (level: 1 | 2) =>
  ({ kind: 'permission', key: 'admin_records', level, userTypes: staff }) as const;

/** The report service (spec.md §7) and the files of a record. */
export const documentRoutes = {
  getExternalRequestForm: {
    method: 'GET',
    path: '/reports/get-external-request-form',
    access: records(1),
    summary: "The analysis request form of a record ('BON DE DEMANDE D'ANALYSE') as a base64 PDF",
    query: RecordIdQuery,
    response: DocumentAnswer,
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  getPrescription: {
    method: 'GET',
    path: '/reports/get-prescription',
    access: records(1),
    summary: 'The prescription scan of a record as a base64 PDF; skip when none was uploaded',
    query: RecordIdQuery,
    response: DocumentAnswer,
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  getBarcodeLabels: {
    method: 'GET',
    path: '/reports/get-barcode-labels',
    access: records(1),
    summary: 'The tube labels of a record as a base64 PDF (when no label printer is at hand)',
    query: RecordIdQuery,
    response: DocumentAnswer,
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  getExternalLabel: {
    method: 'GET',
    path: '/reports/get-external-label',
    access: { ...records(1), externalsRead: true },
    summary: 'The external label of a record as a base64 PDF',
    query: RecordIdQuery,
    response: DocumentAnswer,
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  getPasswordLabel: {
    method: 'GET',
    path: '/reports/get-password-label',
    access: records(1),
    summary: 'The label with the password a patient uses to see results online, as a base64 PDF',
    query: RecordIdQuery,
    response: DocumentAnswer,
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  getLabelData: {
    method: 'GET',
    path: '/api/get-label-data',
    access: records(1),
    summary: "What the workstation agent prints on a record's labels",
    query: RecordIdQuery,
    response: LabelData,
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  getUploads: {
    method: 'GET',
    path: '/api/get-uploads',
    // Prescriptions and results of other laboratories: a clinic's medical users only (decision 0012).
    access: { ...records(1), externalsRead: 'medical' },
    summary: 'Files attached to a record or a patient',
    query: z.object({ record_id: z.uuid().optional(), patient_id: z.uuid().optional() }),
    ...audienceAnswer({
      staff: z.array(UploadRow),
      clinic: z.array(PortalUploadRow),
      prescriber: z.array(PortalUploadRow),
    }),
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  deleteUpload: {
    method: 'DELETE',
    path: '/api/delete-upload',
    access: records(2),
    summary: 'Delete an attached file (a prescription is kept once the record is processed)',
    body: z.object({ upload_id: z.uuid() }),
    response: z.object({ deleted: z.literal(true) }),
    errors: ['fileNotFound', 'recordNotFound', 'cannotDelete'],
  },
} as const satisfies Record<string, RouteDef>;
