import { describe, expect, it } from 'vitest';
import {
  allTransitions,
  isFrozenRecord,
  nextRecordStatuses,
  nextSampleStatuses,
  RECORD_STATUSES,
  RECORD_TRANSITIONS,
  SAMPLE_STATUSES,
  STATUS_ACTIONS,
  stepOwners,
  transitionRefusal,
} from './statuses.js';

describe('status transitions (spec.md §4)', () => {
  it('moves a record one step at a time, each step by its own action', () => {
    const owned = RECORD_STATUSES.flatMap((from) =>
      RECORD_STATUSES.flatMap((to) =>
        stepOwners('record', from, to).map((action) => `${from}→${to} ${action}`),
      ),
    );
    expect(owned).toEqual([
      '0→1 registration',
      '0→1 receive',
      '1→2 sampleProgress',
      '2→3 sampleProgress',
      '3→4 validation',
      '4→3 invalidation',
      '4→5 delivery',
    ]);
  });

  it('never lets a record jump, whoever asks', () => {
    for (const action of STATUS_ACTIONS) {
      expect(transitionRefusal('record', 0, 5, action)).toBe('invalidStatusTransition');
      expect(transitionRefusal('record', 1, 3, action)).toBe('invalidStatusTransition');
    }
    expect(transitionRefusal('record', 0, 1, 'registration')).toBeNull();
    expect(transitionRefusal('record', 3, 4, 'registration')).toBe('invalidStatusTransition');
    expect(transitionRefusal('record', 4, 5, 'delivery')).toBeNull();
  });

  it('refuses every step back as a downgrade but invalidation from validated to the step before', () => {
    for (const entity of ['record', 'sample'] as const)
      for (const from of RECORD_STATUSES)
        for (let to = 0; to < from; to++)
          for (const action of STATUS_ACTIONS) {
            const invalidation = action === 'invalidation' && from === 4 && to === 3;
            expect(transitionRefusal(entity, from, to, action)).toBe(
              invalidation ? null : 'cannotDowngradeStatus',
            );
          }
  });

  it('leaves validated to validation or a forced completion, report sent to delivery', () => {
    for (const from of SAMPLE_STATUSES) {
      expect(stepOwners('sample', from, 5)).toEqual(from === 4 ? ['delivery'] : []);
      const toValidated = stepOwners('sample', from, 4);
      if (from < 4) expect(toValidated).toContain('forcedCompletion');
      expect(toValidated.includes('validation')).toBe(from === 3);
      expect(toValidated).not.toContain('sampleProgress');
    }
    expect(transitionRefusal('sample', 0, 2, 'sampleProgress')).toBeNull();
    expect(transitionRefusal('sample', 3, 4, 'sampleProgress')).toBe('invalidStatusTransition');
  });

  it('offers a screen only the steps of its action, nothing from a sent record', () => {
    expect(nextRecordStatuses(0, 'registration')).toEqual([1]);
    expect(nextRecordStatuses(1, 'registration')).toEqual([]);
    expect(nextRecordStatuses(0, 'receive')).toEqual([1]);
    for (const action of STATUS_ACTIONS) expect(nextRecordStatuses(5, action)).toEqual([]);
    expect(Object.keys(RECORD_TRANSITIONS[5])).toEqual([]);
    expect(nextSampleStatuses(1, 'sampleProgress')).toEqual([2, 3]);
    expect(nextSampleStatuses(3, 'sampleProgress')).toEqual([]);
    expect(nextSampleStatuses(3, 'forcedCompletion')).toEqual([4]);
  });

  it('lists every step once, as the database holds them', () => {
    const steps = allTransitions();
    expect(new Set(steps.map((s) => `${s.entity}${s.from}${s.to}${s.action}`)).size).toBe(steps.length);
    expect(steps.filter((s) => s.entity === 'record')).toHaveLength(7);
    const back = steps.filter((s) => s.to < s.from).map((s) => `${s.entity} ${s.from}→${s.to} ${s.action}`);
    expect(back).toEqual(['record 4→3 invalidation', 'sample 4→3 invalidation']);
  });

  it('freezes cancelled and sent records', () => {
    expect(isFrozenRecord({ record_annulr_flag: true, record_status: 0 })).toBe(true);
    expect(isFrozenRecord({ record_annulr_flag: false, record_status: 5 })).toBe(true);
    expect(isFrozenRecord({ record_annulr_flag: false, record_status: 4 })).toBe(false);
  });
});
