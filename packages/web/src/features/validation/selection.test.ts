import { describe, expect, it } from 'vitest';
import { afterValidation, samplesForStep } from './selection';

const statusOf = new Map([
  ['removed', 3],
  ['validated', 4],
  ['injected', 2],
  ['sent', 5],
]);
const record = (status: number) => ({ record: { record_status: status } });

describe('samplesForStep', () => {
  it('sends validation the removed samples and invalidation the validated and sent ones', () => {
    const chosen = ['removed', 'validated', 'injected', 'sent', 'unknown'];
    expect(samplesForStep('validate', chosen, statusOf)).toEqual(['removed']);
    expect(samplesForStep('invalidate', chosen, statusOf)).toEqual(['validated', 'sent']);
  });

  it('sends nothing when nothing fits, so the server answers noSamplesValidated', () => {
    expect(samplesForStep('validate', ['validated'], statusOf)).toEqual([]);
    expect(samplesForStep('validate', [], statusOf)).toEqual([]);
  });
});

describe('afterValidation', () => {
  it('stays on a record still waiting for some of its samples', () => {
    expect(afterValidation(3, { ...record(3), next_record_id: 'next' })).toEqual({ kind: 'stay' });
  });

  it('loads the next record, or says none are left', () => {
    expect(afterValidation(3, { ...record(4), next_record_id: 'next' })).toEqual({
      kind: 'next',
      recordId: 'next',
    });
    expect(afterValidation(3, { ...record(4), next_record_id: null })).toEqual({ kind: 'noneLeft' });
  });
});
