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

/** Locale keys of each sample step (`sample_progress.<key>`): the samples table, filters and menus. */
export const SAMPLE_STATUS_KEYS: Record<SampleStatus, string> = {
  0: 'registered',
  1: 'prepared',
  2: 'injected',
  3: 'removed',
  4: 'validated',
  5: 'reportSent',
};

/**
 * Who may take a status step (spec.md §4). Each step belongs to the action that does the work:
 * - registration: a member of staff registers a pre-registered record (update-record-status);
 * - receive: the laboratory receives the record (receive-record);
 * - sampleProgress: a technician moves a sample (prepared, injected, removed), and the record follows
 *   its samples (processing once one is worked on, pending validation once all are done);
 * - forcedCompletion: a sample marked complete ('removed') while results are missing, confirmed by
 *   `force_save`: the bench's own step, taken knowingly (it never validates);
 * - validation (issue 13) validates samples and moves the record to pending submission;
 * - invalidation (issue 13) takes validated samples back to 'removed' and their record back to
 *   pending validation, so that their results may be corrected: the only step back there is; since
 *   issue 37 also from 'report sent' and 'sent', the amendment of a report already out (decision 0023);
 * - delivery (issue 15) sends the report: samples 'report sent', record 'sent'.
 */
export const STATUS_ACTIONS = [
  'registration',
  'receive',
  'sampleProgress',
  'forcedCompletion',
  'validation',
  'invalidation',
  'delivery',
] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];

type Steps<S extends number> = Record<S, Partial<Record<S, readonly StatusAction[]>>>;

/** Record steps: from a status, the statuses it may move to and the actions that own each step. */
export const RECORD_TRANSITIONS: Steps<RecordStatus> = {
  0: { 1: ['registration', 'receive'] },
  1: { 2: ['sampleProgress'] },
  2: { 3: ['sampleProgress'] },
  3: { 4: ['validation'] },
  4: { 3: ['invalidation'], 5: ['delivery'] },
  5: { 3: ['invalidation'] },
};

/**
 * Sample steps: the technical steps may skip one (a sample need not be injected), all forward;
 * 'removed' (complete) by the bench, knowingly forced when results are missing; 'validated' only by
 * validation, back to 'removed' only by invalidation (from 'validated', or from 'report sent' when a
 * report already out is amended), 'report sent' only by delivery.
 */
export const SAMPLE_TRANSITIONS: Steps<SampleStatus> = {
  0: { 1: ['sampleProgress'], 2: ['sampleProgress'], 3: ['sampleProgress', 'forcedCompletion'] },
  1: { 2: ['sampleProgress'], 3: ['sampleProgress', 'forcedCompletion'] },
  2: { 3: ['sampleProgress', 'forcedCompletion'] },
  3: { 4: ['validation'] },
  4: { 3: ['invalidation'], 5: ['delivery'] },
  5: { 3: ['invalidation'] },
};

/** A sample is done with its technical steps from 'removed' on: its record may await validation. */
export const SAMPLE_DONE = SAMPLE_STATUS.removed;

/**
 * The status a record has by rule from its samples' (spec.md §4; the one place the rule is written):
 * 'processing' once one sample is worked on, 'pending validation' once all are complete, 'pending
 * submission' once all are validated, and back to 'pending validation' when one is invalidated (a
 * sent record too: its report is being amended, decision 0023). A pre-registered record (its
 * samples are not at the bench yet), a sent one whose samples are all still validated or sent and
 * one without samples keep their status, and samples never take a record back before 'pending
 * validation'.
 */
export function recordStatusOfSamples(
  current: RecordStatus,
  sampleStatuses: readonly number[],
): RecordStatus {
  if (current === RECORD_STATUS.preRegistered || sampleStatuses.length === 0) return current;
  const lowest = Math.min(...sampleStatuses);
  const invalidatedLowest = lowest >= SAMPLE_DONE && lowest < SAMPLE_STATUS.validated;
  if (current === RECORD_STATUS.sent) return invalidatedLowest ? RECORD_STATUS.pendingValidation : current;
  const implied: RecordStatus =
    lowest >= SAMPLE_STATUS.validated
      ? RECORD_STATUS.pendingSubmission
      : lowest >= SAMPLE_DONE
        ? RECORD_STATUS.pendingValidation
        : sampleStatuses.some((status) => status > SAMPLE_STATUS.created)
          ? RECORD_STATUS.processing
          : RECORD_STATUS.registered;
  if (implied > current) return implied;
  const invalidated =
    current === RECORD_STATUS.pendingSubmission && implied === RECORD_STATUS.pendingValidation;
  return invalidated ? implied : current;
}

export type StatusEntity = 'record' | 'sample';
const TRANSITIONS = { record: RECORD_TRANSITIONS, sample: SAMPLE_TRANSITIONS } as const;

/** The actions that own the step `from` → `to` (none when the step does not exist). */
export function stepOwners(entity: StatusEntity, from: number, to: number): readonly StatusAction[] {
  const steps = (TRANSITIONS[entity] as Record<number, Partial<Record<number, readonly StatusAction[]>>>)[
    from
  ];
  return steps?.[to] ?? [];
}

/**
 * Why `action` may not move `from` → `to`, as a catalogue code; null when it may. A step back that
 * the table does not give to this action (only invalidation has them) is a downgrade; any other step
 * the table does not give to it (a jump, or a step another action owns) is an invalid transition.
 */
export function transitionRefusal(
  entity: StatusEntity,
  from: number,
  to: number,
  action: StatusAction,
): 'cannotDowngradeStatus' | 'invalidStatusTransition' | null {
  if (stepOwners(entity, from, to).includes(action)) return null;
  return to < from ? 'cannotDowngradeStatus' : 'invalidStatusTransition';
}

/** The statuses `action` may move a record to from `from` (what a screen offers). */
export function nextRecordStatuses(from: RecordStatus, action: StatusAction): RecordStatus[] {
  return RECORD_STATUSES.filter((to) => transitionRefusal('record', from, to, action) === null);
}

/** The statuses `action` may move a sample to from `from`. */
export function nextSampleStatuses(from: SampleStatus, action: StatusAction): SampleStatus[] {
  return SAMPLE_STATUSES.filter((to) => transitionRefusal('sample', from, to, action) === null);
}

/** Every step of both tables, one row each: what the database's transition table holds. */
export function allTransitions(): Array<{
  entity: StatusEntity;
  from: number;
  to: number;
  action: StatusAction;
}> {
  return (['record', 'sample'] as const).flatMap((entity) =>
    Object.entries(TRANSITIONS[entity]).flatMap(([from, steps]) =>
      Object.entries(steps as Record<string, readonly StatusAction[]>).flatMap(([to, actions]) =>
        actions.map((action) => ({ entity, from: Number(from), to: Number(to), action })),
      ),
    ),
  );
}

/**
 * A cancelled record, or one whose report is sent, is frozen: no status change, no sample move, no
 * note, no update. A sent record is taken out of it only by invalidation, which starts the
 * amendment of its report (decision 0023).
 */
export const isFrozenRecord = (record: { record_annulr_flag: boolean; record_status: number }) =>
  record.record_annulr_flag || record.record_status >= RECORD_STATUS.sent;

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
