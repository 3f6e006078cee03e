import { z } from 'zod';
import { lastUpdated } from '../fields.js';
import { RecordIdQuery } from '../records/actions.js';
import { invalidationReason } from '../records/amendments.js';
import type { RouteDef } from '../route-def.js';
import { RecordDetail, RecordRow } from '../rows/record.js';
import { SampleResults } from '../rows/result.js';
import { rowId, stamp } from '../rows/stamps.js';
import { validationRuleRoutes } from './rules.js';

export * from './rules.js';

/**
 * Biological validation (spec.md §2 'Record preview', §4 'Validation'): a biologist reads a record
 * with every result, chooses samples and validates them; a user with the invalidation right takes
 * validated samples back so that their results may be corrected.
 */

/**
 * The samples chosen on the preview. An empty choice is accepted by the schema so that the service
 * answers the catalogue's own code for it (noSamplesValidated) rather than a generic input error.
 */
export const SampleChoiceBody = z.object({
  record_id: rowId,
  sample_ids: z
    .array(z.uuid())
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'one entry per sample' }),
});
export type SampleChoiceBody = z.input<typeof SampleChoiceBody>;

/**
 * The samples taken back and why (issue 37): the reason, required, goes with every trace entry of
 * the invalidation and is printed on the report version that replaces the one taken back.
 */
export const InvalidationBody = SampleChoiceBody.extend({ reason: invalidationReason });
export type InvalidationBody = z.input<typeof InvalidationBody>;

/**
 * The biologist's interpretation of a record (spec.md §3 'Record interpretation'), written while
 * validating and printed on the report as its conclusion; empty text clears it.
 */
export const RecordInterpretationBody = z.object({
  record_id: rowId,
  record_last_updated: lastUpdated,
  record_interpretation: z
    .string()
    .trim()
    .max(5000)
    .transform((text) => (text === '' ? null : text))
    .nullable(),
});
export type RecordInterpretationBody = z.input<typeof RecordInterpretationBody>;

/** A record with its patient, its samples and, per sample, every result with flags and anteriority. */
export const RecordPreview = z.object({
  record: RecordDetail,
  samples: z.array(SampleResults),
});
export type RecordPreview = z.output<typeof RecordPreview>;

/** One record waiting for validation, in the order the biologist takes them. */
export const RecordToValidate = z.object({
  record_id: rowId,
  record_number: z.string(),
  record_is_urgent: z.boolean(),
  record_created: stamp,
  patient_surname: z.string().nullable(),
  patient_name: z.string().nullable(),
});
export type RecordToValidate = z.output<typeof RecordToValidate>;

/** The record as the step left it, and the next one to validate (none left: null). */
export const ValidationAnswer = z.object({
  record: RecordRow,
  next_record_id: rowId.nullable(),
});
export type ValidationAnswer = z.output<typeof ValidationAnswer>;

const staffRecords = {
  kind: 'permission',
  key: 'admin_records',
  level: 1,
  userTypes: ['internal'],
} as const;

export const validationRoutes = {
  ...validationRuleRoutes,
  previewRecord: {
    method: 'GET',
    path: '/api/preview-record',
    access: staffRecords,
    summary:
      'A record with its patient, samples and results (flags, range applied, anteriority), as the biologist validates it',
    query: RecordIdQuery,
    response: RecordPreview,
    errors: ['recordNotFound'],
  },
  getRecordsToValidate: {
    method: 'GET',
    path: '/api/get-records-to-validate',
    access: { kind: 'special', right: 'validation_admin' },
    summary: 'Records pending validation, urgent ones first, then the oldest first (at most 200)',
    response: z.array(RecordToValidate),
  },
  validateRecord: {
    method: 'PUT',
    path: '/api/validate-record',
    access: { kind: 'special', right: 'validation_admin' },
    summary:
      'Validate the chosen samples of a record pending validation; the record awaits submission once all are validated. Answers the next record to validate',
    body: SampleChoiceBody,
    response: ValidationAnswer,
    errors: [
      'recordNotFound',
      'sampleNotFound',
      'noSamplesValidated',
      'invalidRecordStatusForValidation',
      'mustCloseNct',
      'sampleIsLocked',
      'activeLBloc',
      'ciqRunRejected',
      'cannotEditLock',
      'invalidStatusTransition',
      'staleUpdate',
    ],
  },
  setRecordInterpretation: {
    method: 'PUT',
    path: '/api/set-record-interpretation',
    access: { kind: 'special', right: 'validation_admin' },
    summary:
      "Write the biologist's interpretation of a record not yet validated in full (with record_last_updated as read)",
    body: RecordInterpretationBody,
    response: RecordRow,
    errors: ['recordNotFound', 'cannotEditLock', 'invalidRecordStatusForUpdate', 'staleUpdate'],
  },
  invalidateRecord: {
    method: 'PUT',
    path: '/api/invalidate-record',
    access: { kind: 'special', right: 'invalidation_admin' },
    summary:
      'Take validated (or sent) samples of a record back to removed, and the record back to pending validation, with a reason; their results, and the identity, clinic and prescriber, may then be corrected, and the next validation makes a report version that replaces the one taken back',
    body: InvalidationBody,
    response: ValidationAnswer,
    errors: [
      'recordNotFound',
      'sampleNotFound',
      'noSamplesValidated',
      'invalidRecordStatusForInvalidation',
      'cannotEditLock',
      'invalidStatusTransition',
      'staleUpdate',
    ],
  },
} as const satisfies Record<string, RouteDef>;
