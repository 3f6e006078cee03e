import { describe, expect, it } from 'vitest';
import { afterValidation, blockReason, neighbours, readySamples, samplesForStep } from './selection';

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

describe('blockReason and readySamples', () => {
  const sample = (id: string, status: number, marks: { nct?: boolean; lbloc?: boolean } = {}) => ({
    sample_id: id,
    sample_status: status,
    sample_nct_active: marks.nct ?? false,
    sample_lbloc_flag: marks.lbloc ?? false,
  });
  const open = { cancelled: false, lbloc: false };

  it('says why a box is disabled: not ready, NCT open, LBloc, cancelled record', () => {
    expect(blockReason(sample('a', 2), open)).toBe('notReady');
    expect(blockReason(sample('a', 3, { nct: true }), open)).toBe('nct');
    expect(blockReason(sample('a', 3, { lbloc: true }), open)).toBe('lbloc');
    expect(blockReason(sample('a', 3), { cancelled: false, lbloc: true })).toBe('lbloc');
    expect(blockReason(sample('a', 3), { cancelled: true, lbloc: false })).toBe('cancelled');
    expect(blockReason(sample('a', 3), open)).toBeNull();
    // A validated sample may be taken back whatever its marks.
    expect(blockReason(sample('a', 4, { nct: true }), open)).toBeNull();
  });

  it('selects all the removed samples nothing blocks, and none other', () => {
    const samples = [
      sample('ready', 3),
      sample('nct', 3, { nct: true }),
      sample('early', 1),
      sample('done', 4),
    ];
    expect(readySamples(samples, open)).toEqual(['ready']);
    expect(readySamples(samples, { cancelled: false, lbloc: true })).toEqual([]);
    // The invalidation screen takes the validated and sent ones, of a record not cancelled.
    expect(readySamples(samples, open, 'invalidate')).toEqual(['done']);
    expect(readySamples(samples, { cancelled: true, lbloc: false }, 'invalidate')).toEqual([]);
  });
});

describe('neighbours', () => {
  it('finds the previous and next records of the queue, and the first one for a record not in it', () => {
    expect(neighbours(['a', 'b', 'c'], 'b')).toEqual({ previous: 'a', next: 'c' });
    expect(neighbours(['a', 'b', 'c'], 'a')).toEqual({ previous: null, next: 'b' });
    expect(neighbours(['a', 'b'], 'x')).toEqual({ previous: null, next: 'a' });
  });
});
