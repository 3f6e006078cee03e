import { z } from 'zod';
import type { RouteDef } from '../route-def.js';

/**
 * Result exchange (issue 16): a validated record's results as the structured messages other
 * systems read. HPRIM Santé 2.2 (French laboratories and practice software), HL7 v2.5 ORU^R01 (French
 * profile), a FHIR R4 DiagnosticReport bundle, and the CDA R2 CR-BIO document of the ANS (DMP,
 * secure health messaging).
 */
export const EXCHANGE_FORMATS = ['hprim', 'hl7', 'fhir', 'cda'] as const;
export const exchangeFormat = z.enum(EXCHANGE_FORMATS);
export type ExchangeFormat = z.output<typeof exchangeFormat>;

/** The file of each format: its extension and media type. */
export const EXCHANGE_FILES = {
  hprim: { extension: 'hpr', contentType: 'text/plain; charset=utf-8' },
  hl7: { extension: 'hl7', contentType: 'application/hl7-v2; charset=utf-8' },
  fhir: { extension: 'json', contentType: 'application/fhir+json; charset=utf-8' },
  cda: { extension: 'xml', contentType: 'application/xml; charset=utf-8' },
} as const satisfies Record<ExchangeFormat, { extension: string; contentType: string }>;

/**
 * Where the delivery jobs send a validated record's message: an HTTP(S) URL receives it by POST;
 * without one it is dropped as a file in the server's exchange folder (EXCHANGE_DROP_DIR), under
 * the laboratory's own folder.
 */
export const ExchangeTarget = z.object({
  format: exchangeFormat,
  url: z.url({ protocol: /^https?$/ }).optional(),
});
export type ExchangeTarget = z.output<typeof ExchangeTarget>;

/**
 * The laboratory's settings, key `exchange`: its destination for every record, and destinations of
 * their own for some prescribers (by prescriber id), which win for the records they prescribed. A
 * laboratory may name prescribers' destinations only, leaving the others' records unsent.
 */
export const ExchangeDestination = ExchangeTarget.partial({ format: true }).extend({
  prescribers: z.record(z.uuid(), ExchangeTarget).optional(),
});
export type ExchangeDestination = z.output<typeof ExchangeDestination>;

export const ExportResultsQuery = z.object({ record_id: z.uuid(), format: exchangeFormat });

export const ExchangeFile = z.object({
  filename: z.string(),
  content_type: z.string(),
  content: z.string(),
});
export type ExchangeFile = z.output<typeof ExchangeFile>;

export const exchangeRoutes = {
  exportRecordResults: {
    method: 'GET',
    path: '/api/export-record-results',
    access: { kind: 'permission', key: 'admin_records', level: 1, userTypes: ['internal'] },
    summary:
      "A validated record's results as HPRIM Santé 2.2, HL7 v2.5 ORU^R01, a FHIR R4 bundle or a CDA R2 CR-BIO document",
    query: ExportResultsQuery,
    response: ExchangeFile,
    errors: ['recordNotFound', 'patientNotFound', 'clinicUserOverreached', 'recordNotValidated'],
  },
} as const satisfies Record<string, RouteDef>;
