import { SAMPLE_STATUS } from '@sil/contract';

export type Step = 'validate' | 'invalidate';

/**
 * The chosen samples a step takes: validation the removed ones, invalidation the validated ones.
 * One set of boxes serves both buttons, so each sends only what it can act on.
 */
export function samplesForStep(
  step: Step,
  chosen: Iterable<string>,
  statusOf: ReadonlyMap<string, number>,
): string[] {
  const wanted = step === 'validate' ? SAMPLE_STATUS.removed : SAMPLE_STATUS.validated;
  return [...chosen].filter((id) => statusOf.get(id) === wanted);
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
