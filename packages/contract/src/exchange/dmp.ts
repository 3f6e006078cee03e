import { z } from 'zod';
import type { RouteDef } from '../route-def.js';

/**
 * The profession and specialty of the biologist who signs a CR-BIO, as the national documents code
 * it (TRE_G15 / R38, code system 1.2.250.1.213.1.1.4.5): the biology codes of the kit's value set
 * JDV_AuthorSpecialty-CISIS. The laboratory chooses one (settings key `author_specialty`); a
 * medical doctor biologist by default.
 */
export const AUTHOR_SPECIALTIES = {
  'G15_10/SM03': 'Médecin - Biologie médicale (SM)',
  'G15_10/SCH06': 'Médecin - Biologie médicale (SCH)',
  'G15_21/G': 'Pharmacien biologiste',
} as const;
export type AuthorSpecialty = keyof typeof AUTHOR_SPECIALTIES;
export const DEFAULT_AUTHOR_SPECIALTY: AuthorSpecialty = 'G15_10/SM03';
export const authorSpecialty = z.enum(
  Object.keys(AUTHOR_SPECIALTIES) as [AuthorSpecialty, ...AuthorSpecialty[]],
);

/** An ISO object identifier as CDA and XDS take it: numeric arcs, no leading zero (X.660). */
export const OID_PATTERN = /^[0-2](\.(0|[1-9]\d*))+$/;

/**
 * Where a record stands with the DMP (the patient's shared medical record):
 * - none: not validated yet, nothing prepared;
 * - sending: the submission is queued or being tried (a delivery job with its retries);
 * - sent: the DMP accepted it;
 * - refused: the DMP refused it, with its reason;
 * - failed: the DMP could not be reached after every try (the delivery's retries), for a hand;
 * - not_sent: the rules keep it out, with the reason (no qualified INS, the patient's opposition,
 *   a laboratory without FINESS).
 */
export const DMP_STATES = ['none', 'sending', 'sent', 'refused', 'failed', 'not_sent'] as const;
export const dmpState = z.enum(DMP_STATES);
export type DmpState = z.output<typeof dmpState>;

/** Why a record is kept out of the DMP. */
export const DMP_NOT_SENT_REASONS = [
  'noQualifiedIns',
  'patientOpposition',
  'laboratoryNotIdentified',
] as const;
export type DmpNotSentReason = (typeof DMP_NOT_SENT_REASONS)[number];

export const RecordDmp = z.object({
  record_id: z.uuid(),
  dmp_state: dmpState,
  /** A not-sent reason, or the DMP's refusal code and text. */
  dmp_reason: z.string().nullable(),
  /** Whether the document is (or will be) hidden from the patient until a consultation. */
  dmp_invisible_to_patient: z.boolean(),
  /** The record-level choice: null follows the analyses' flags, true/false forces it. */
  dmp_invisible_override: z.boolean().nullable(),
  /** The XDS unique id of the document sent, and the one it replaced (an amended version). */
  dmp_document_id: z.string().nullable(),
  dmp_replaced_document_id: z.string().nullable(),
  dmp_sent_at: z.string().nullable(),
  dmp_attempts: z.number().int(),
});
export type RecordDmp = z.output<typeof RecordDmp>;

export const RecordDmpQuery = z.object({ record_id: z.uuid() });
export const RecordDmpBody = z.object({
  record_id: z.uuid(),
  dmp_invisible_override: z.boolean().nullable(),
});

// Read as the record's delivery card is (admin_records, read level).
const readRecords = { kind: 'permission', key: 'admin_records', level: 1, userTypes: ['internal'] } as const;

export const dmpRoutes = {
  getRecordDmp: {
    method: 'GET',
    path: '/api/get-record-dmp',
    access: readRecords,
    summary: "The record's DMP feed: state, reason, flags",
    query: RecordDmpQuery,
    response: RecordDmp,
    errors: ['recordNotFound'],
  },
  updateRecordDmp: {
    method: 'POST',
    path: '/api/update-record-dmp',
    access: { kind: 'special', right: 'validation_admin' },
    summary: 'Hide (or not) the record from the patient in the DMP until a consultation',
    body: RecordDmpBody,
    response: RecordDmp,
    errors: ['recordNotFound', 'dmpAlreadySent'],
  },
} as const satisfies Record<string, RouteDef>;
