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
