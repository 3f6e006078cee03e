import { SAMPLE_STATUS } from '@sil/contract';

export type Step = 'validate' | 'invalidate';

/** The sample steps a step takes back or forward: removed to validate, validated or sent to invalidate. */
const STEP_TAKES: Record<Step, readonly number[]> = {
  validate: [SAMPLE_STATUS.removed],
  // A sent sample is taken back to amend a report already out (decision 0023).
  invalidate: [SAMPLE_STATUS.validated, SAMPLE_STATUS.reportSent],
};

/** Whether a sample at `status` can be chosen for either step. */
export const choosableStatus = (status: number) =>
  STEP_TAKES.validate.includes(status) || STEP_TAKES.invalidate.includes(status);

/**
 * The chosen samples a step takes: validation the removed ones, invalidation the validated (or
 * sent) ones. One set of boxes serves both buttons, so each sends only what it can act on.
 */
export function samplesForStep(
  step: Step,
  chosen: Iterable<string>,
  statusOf: ReadonlyMap<string, number>,
): string[] {
  return [...chosen].filter((id) => STEP_TAKES[step].includes(statusOf.get(id) ?? -1));
}

/**
 * Where the screen goes once a validation is done: a record still waiting for some of its samples
 * stays open; otherwise the next record loads, or 'none left' when there is none (spec.md §2).
 */
export function afterValidation(
  statusBefore: number,
  answer: { record: { record_status: number }; next_record_id: string | null },
): { kind: 'stay' } | { kind: 'next'; recordId: string } | { kind: 'noneLeft' } {
  if (answer.record.record_status === statusBefore) return { kind: 'stay' };
  return answer.next_record_id ? { kind: 'next', recordId: answer.next_record_id } : { kind: 'noneLeft' };
}

/** Why a sample's box is disabled: the words the biologist reads beside it. */
export type BlockReason = 'cancelled' | 'notReady' | 'nct' | 'lbloc';

interface SampleState {
  sample_id: string;
  sample_status: number;
  sample_nct_active: boolean;
  sample_lbloc_flag: boolean;
}

/**
 * What keeps a sample from being chosen, or null when it may be. A removed sample with an open NCT
 * or an LBloc (its own or the record's) is refused by validate-record, so its box says so rather
 * than letting the click fail; a validated one may always be taken back.
 */
export function blockReason(
  sample: SampleState,
  record: { cancelled: boolean; lbloc: boolean },
): BlockReason | null {
  if (record.cancelled) return 'cancelled';
  if (STEP_TAKES.invalidate.includes(sample.sample_status)) return null;
  if (sample.sample_status < SAMPLE_STATUS.removed) return 'notReady';
  if (sample.sample_nct_active) return 'nct';
  if (sample.sample_lbloc_flag || record.lbloc) return 'lbloc';
  return null;
}

/**
 * The samples 'select all ready' takes for a step: to validate, the removed ones that nothing
 * blocks; to invalidate, the validated (or sent) ones of a record not cancelled.
 */
export function readySamples(
  samples: readonly SampleState[],
  record: { cancelled: boolean; lbloc: boolean },
  step: Step = 'validate',
): string[] {
  return samples
    .filter(
      (sample) =>
        (step === 'validate'
          ? sample.sample_status === SAMPLE_STATUS.removed
          : STEP_TAKES.invalidate.includes(sample.sample_status)) && blockReason(sample, record) === null,
    )
    .map((sample) => sample.sample_id);
}

/** The records before and after the one open, in the queue's order (null at either end). */
export function neighbours(
  queue: readonly string[],
  current: string,
): { previous: string | null; next: string | null } {
  const at = queue.indexOf(current);
  if (at === -1) return { previous: null, next: queue[0] ?? null };
  return { previous: queue[at - 1] ?? null, next: queue[at + 1] ?? null };
}
