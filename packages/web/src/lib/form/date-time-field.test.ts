import { describe, expect, it } from 'vitest';
import { dateTimeParts, joinDateTime } from './date-time-field';

describe('date-time field values', () => {
  it('splits a local date-time into its day and its time of day', () => {
    expect(dateTimeParts('2026-11-23T08:15')).toEqual({ day: '2026-11-23', time: '08:15' });
    expect(dateTimeParts('2026-11-23T08:15:30')).toEqual({ day: '2026-11-23', time: '08:15' });
    expect(dateTimeParts('')).toEqual({ day: '', time: '' });
  });

  it('sends nothing for two empty parts, and an unfinished part as it is, never a guessed time', () => {
    expect(joinDateTime('', '')).toBe('');
    expect(joinDateTime('2026-11-23', '08:15')).toBe('2026-11-23T08:15');
    expect(joinDateTime('2026-11-23', '')).toBe('2026-11-23T');
    expect(joinDateTime('', '08:15')).toBe('T08:15');
    expect(joinDateTime('23/11', '08:15')).toBe('23/11T08:15');
  });
});
