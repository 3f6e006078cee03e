import { z } from 'zod';
import { locale } from '../fields.js';
import { DocumentAnswer } from '../records/documents.js';
import type { RouteDef } from '../route-def.js';
import { audienceAnswer } from '../rows/audience.js';
import { rowId, stamp } from '../rows/stamps.js';
import { ValidatedResultLine } from './validated-results.js';

export * from './validated-results.js';

/**
 * The result report (compte rendu, issue 15): previewed before validation, generated and stored at
 * each validation, immutable, with its checksum; invalidation then validation makes a new version,
 * which says which one it replaces and why.
 */
export const REPORT_KINDS = ['partial', 'final'] as const;

export const ReportVersionRow = z.object({
  report_id: rowId,
  report_record: rowId,
  report_version: z.number().int().positive(),
  /** 'partial' while some samples of the record still await validation. */
  report_kind: z.enum(REPORT_KINDS),
  report_validated_by: rowId,
  report_validated_by_name: z.string(),
  report_validated_at: stamp,
  /** SHA-256 of the stored PDF bytes, hexadecimal. */
  report_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  report_size: z.number().int().nonnegative(),
  /**
   * The version this one cancels and replaces (an amendment after invalidation, decision 0023),
   * and the reasons given when it was taken back; null for a first or a following partial version.
   */
  report_replaces: rowId.nullable(),
  report_replacement_reason: z.string().nullable(),
});
export type ReportVersionRow = z.output<typeof ReportVersionRow>;
/**
 * A version as clinic users and prescribers read it: the biologist who validated it by name, as
 * the report itself names them, never by the laboratory's internal user id (decision 0012).
 */
export const PortalReportVersionRow = ReportVersionRow.omit({ report_validated_by: true });
export type PortalReportVersionRow = z.output<typeof PortalReportVersionRow>;

export const ReportPreviewQuery = z.object({
  record_id: z.uuid(),
  /** The language of the watermark; the report itself is French, as the laboratory signs it. */
  lang: locale.default('fr'),
});

const staffRecords = { kind: 'permission', key: 'admin_records', level: 1, userTypes: ['internal'] } as const;
/**
 * The stored (validated) versions: a clinic's medical users and prescribers read those of the
 * records they reach; a clinic's billing user does not (medical secrecy, decision 0012).
 */
const portalReports = { ...staffRecords, externalsRead: 'medical', prescribersRead: true } as const;

export const resultReportRoutes = {
  previewReport: {
    method: 'GET',
    path: '/reports/preview-report',
    access: staffRecords,
    summary:
      "The record's result report as it would read now, watermarked 'Prévisualisation', as a base64 PDF (nothing is stored)",
    query: ReportPreviewQuery,
    response: DocumentAnswer,
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached'],
  },
  getReportVersions: {
    method: 'GET',
    path: '/api/get-report-versions',
    access: portalReports,
    summary: 'Every stored version of the result report of a record, newest first, with its checksum',
    query: z.object({ record_id: z.uuid() }),
    ...audienceAnswer({
      staff: z.array(ReportVersionRow),
      clinic: z.array(PortalReportVersionRow),
      prescriber: z.array(PortalReportVersionRow),
    }),
    errors: ['recordNotFound', 'clinicUserOverreached'],
  },
  getValidatedResults: {
    method: 'GET',
    path: '/api/get-validated-results',
    access: portalReports,
    summary:
      "The validated results of a record as its report prints them: value, unit, range in that unit, flags and the patient's previous value with its date",
    query: z.object({ record_id: z.uuid() }),
    response: z.array(ValidatedResultLine),
    errors: ['recordNotFound', 'clinicUserOverreached'],
  },
} as const satisfies Record<string, RouteDef>;
