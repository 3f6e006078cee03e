import { describe, expect, it } from 'vitest';
import {
  allTransitions,
  isFrozenRecord,
  nextRecordStatuses,
  nextSampleStatuses,
  RECORD_STATUS,
  RECORD_STATUSES,
  RECORD_TRANSITIONS,
  recordStatusOfSamples,
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
      '5→3 invalidation',
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

  it('refuses every step back as a downgrade but invalidation from validated or sent to the step before validation', () => {
    for (const entity of ['record', 'sample'] as const)
      for (const from of RECORD_STATUSES)
        for (let to = 0; to < from; to++)
          for (const action of STATUS_ACTIONS) {
            const invalidation = action === 'invalidation' && (from === 4 || from === 5) && to === 3;
            expect(transitionRefusal(entity, from, to, action)).toBe(
              invalidation ? null : 'cannotDowngradeStatus',
            );
          }
  });

  it('leaves validated to validation alone, report sent to delivery alone', () => {
    for (const from of SAMPLE_STATUSES) {
      expect(stepOwners('sample', from, 5)).toEqual(from === 4 ? ['delivery'] : []);
      expect(stepOwners('sample', from, 4)).toEqual(from === 3 ? ['validation'] : []);
      // Completing a sample is the bench's step, forced or not.
      expect(stepOwners('sample', from, 3)).toEqual(
        from < 3 ? ['sampleProgress', 'forcedCompletion'] : from >= 4 ? ['invalidation'] : [],
      );
    }
    for (const from of RECORD_STATUSES) {
      expect(stepOwners('record', from, 5)).toEqual(from === 4 ? ['delivery'] : []);
      expect(stepOwners('record', from, 4)).toEqual(from === 3 ? ['validation'] : []);
    }
    expect(transitionRefusal('sample', 0, 2, 'sampleProgress')).toBeNull();
    expect(transitionRefusal('sample', 3, 4, 'sampleProgress')).toBe('invalidStatusTransition');
  });

  it('offers a screen only the steps of its action, nothing from a sent record but its invalidation', () => {
    expect(nextRecordStatuses(0, 'registration')).toEqual([1]);
    expect(nextRecordStatuses(1, 'registration')).toEqual([]);
    expect(nextRecordStatuses(0, 'receive')).toEqual([1]);
    for (const action of STATUS_ACTIONS)
      expect(nextRecordStatuses(5, action)).toEqual(action === 'invalidation' ? [3] : []);
    expect(Object.keys(RECORD_TRANSITIONS[5])).toEqual(['3']);
    expect(nextSampleStatuses(1, 'sampleProgress')).toEqual([2, 3]);
    expect(nextSampleStatuses(3, 'sampleProgress')).toEqual([]);
    expect(nextSampleStatuses(0, 'forcedCompletion')).toEqual([3]);
    expect(nextSampleStatuses(3, 'forcedCompletion')).toEqual([]);
    expect(nextSampleStatuses(3, 'validation')).toEqual([4]);
  });

  it('lists every step once, as the database holds them', () => {
    const steps = allTransitions();
    expect(new Set(steps.map((s) => `${s.entity}${s.from}${s.to}${s.action}`)).size).toBe(steps.length);
    expect(steps.filter((s) => s.entity === 'record')).toHaveLength(8);
    const back = steps.filter((s) => s.to < s.from).map((s) => `${s.entity} ${s.from}→${s.to} ${s.action}`);
    expect(back).toEqual([
      'record 4→3 invalidation',
      'record 5→3 invalidation',
      'sample 4→3 invalidation',
      'sample 5→3 invalidation',
    ]);
  });

  it('derives a record status from its samples, forward, and back only from validated to pending', () => {
    const { registered, processing, pendingValidation, pendingSubmission, sent, preRegistered } =
      RECORD_STATUS;
    expect(recordStatusOfSamples(registered, [0, 0])).toBe(registered);
    expect(recordStatusOfSamples(registered, [0, 1])).toBe(processing);
    expect(recordStatusOfSamples(registered, [3, 3])).toBe(pendingValidation);
    expect(recordStatusOfSamples(processing, [2, 3])).toBe(processing);
    expect(recordStatusOfSamples(processing, [3, 4])).toBe(pendingValidation);
    expect(recordStatusOfSamples(pendingValidation, [4, 3])).toBe(pendingValidation);
    expect(recordStatusOfSamples(pendingValidation, [4, 4])).toBe(pendingSubmission);
    // An invalidated sample takes its record back to pending validation, never further.
    expect(recordStatusOfSamples(pendingSubmission, [4, 3])).toBe(pendingValidation);
    // A sample added to a record under way does not take the record back.
    expect(recordStatusOfSamples(pendingValidation, [3, 0])).toBe(pendingValidation);
    expect(recordStatusOfSamples(pendingSubmission, [4, 0])).toBe(pendingSubmission);
    // A sent record whose sample is invalidated is being amended: back to pending validation.
    expect(recordStatusOfSamples(sent, [5, 3])).toBe(pendingValidation);
    // Not at the bench yet, sent, or without samples: the record keeps its status.
    expect(recordStatusOfSamples(preRegistered, [3])).toBe(preRegistered);
    expect(recordStatusOfSamples(sent, [4])).toBe(sent);
    expect(recordStatusOfSamples(sent, [5, 5])).toBe(sent);
    expect(recordStatusOfSamples(processing, [])).toBe(processing);
  });

  it('reaches each status it derives by steps the tables hold', () => {
    for (const from of RECORD_STATUSES)
      for (const a of SAMPLE_STATUSES)
        for (const b of SAMPLE_STATUSES) {
          const to = recordStatusOfSamples(from, [a, b]);
          if (to === from) continue;
          // Forward one step at a time, or invalidation's one step back to pending validation.
          if (to < from) expect(stepOwners('record', from, to)).toEqual(['invalidation']);
          else
            for (let step = from; step !== to; step++)
              expect(stepOwners('record', step, step + 1).length).toBeGreaterThan(0);
        }
  });

  it('freezes cancelled and sent records', () => {
    expect(isFrozenRecord({ record_annulr_flag: true, record_status: 0 })).toBe(true);
    expect(isFrozenRecord({ record_annulr_flag: false, record_status: 5 })).toBe(true);
    expect(isFrozenRecord({ record_annulr_flag: false, record_status: 4 })).toBe(false);
  });
});
