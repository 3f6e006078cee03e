import { z } from 'zod';
import { integerIn } from '../enums.js';

/**
 * The one status vocabulary of records and samples (spec.md §4). Statuses only move forward; every
 * place that names a status (rules, list filters, request bodies, badges) reads it from here.
 */

export const RECORD_STATUS = {
  preRegistered: 0,
  registered: 1,
  processing: 2,
  pendingValidation: 3,
  pendingSubmission: 4,
  sent: 5,
} as const;
export type RecordStatus = (typeof RECORD_STATUS)[keyof typeof RECORD_STATUS];
export const RECORD_STATUSES = [0, 1, 2, 3, 4, 5] as const satisfies readonly RecordStatus[];
export const recordStatusSchema = integerIn(RECORD_STATUSES);

/** From this status on, the analyses of a record are being worked on and their structure is fixed. */
export const STATUS_ANALYSES_FIXED = RECORD_STATUS.processing;

/**
 * Locale keys of each status. The product has two readings of each label ('Pre-recorded' or
 * 'Pre-registered'); both keys exist so a laboratory's wording can be chosen in the locale files.
 */
export const RECORD_STATUS_KEYS: Record<RecordStatus, readonly [string, string]> = {
  0: ['preRecorded', 'preRegistered'],
  1: ['recorded', 'registered'],
  2: ['processing', 'processing'],
  3: ['pendingValidation', 'validationPending'],
  4: ['pendingSubmission', 'awaitingSubmission'],
  5: ['sent', 'sent'],
};

/** Sample progress: prepared, injected, removed, validated, report sent. */
export const SAMPLE_STATUS = {
  created: 0,
  prepared: 1,
  injected: 2,
  removed: 3,
  validated: 4,
  reportSent: 5,
} as const;
export type SampleStatus = (typeof SAMPLE_STATUS)[keyof typeof SAMPLE_STATUS];
export const SAMPLE_STATUSES = [0, 1, 2, 3, 4, 5] as const satisfies readonly SampleStatus[];

/** The status a request body asks for, as a number whatever the body's encoding. */
export const recordStatusInput = z.coerce
  .number()
  .int()
  .refine((v) => (RECORD_STATUSES as readonly number[]).includes(v), 'status');
export const sampleStatusInput = z.coerce
  .number()
  .int()
  .min(SAMPLE_STATUS.created)
  .max(SAMPLE_STATUS.reportSent);

/** The values a list filter on a status accepts (filters arrive as text). */
export const recordStatusFilter = RECORD_STATUSES.map(String);
export const sampleStatusFilter = SAMPLE_STATUSES.map(String);
