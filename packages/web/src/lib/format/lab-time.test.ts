import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from './dates';
import { instantOfLabWallClock, labWallClock } from './lab-time';

// The workstation's own zone, as Node reads it from TZ.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('typed date-times are the laboratory’s (Paris) wall clock', () => {
  it('reads winter and summer times with their own offsets', () => {
    expect(instantOfLabWallClock('2026-01-15T08:30')).toBe('2026-01-15T07:30:00.000Z');
    expect(instantOfLabWallClock('2026-07-15T08:30')).toBe('2026-07-15T06:30:00.000Z');
    expect(labWallClock('2026-01-15T07:30:00.000Z')).toBe('2026-01-15T08:30');
    expect(labWallClock('2026-07-15T06:30:00Z')).toBe('2026-07-15T08:30');
  });

  it('means the same instant whatever zone the workstation is set to', () => {
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'UTC', 'Pacific/Chatham']) {
      vi.stubEnv('TZ', zone);
      expect(instantOfLabWallClock('2026-03-10T08:30')).toBe('2026-03-10T07:30:00.000Z');
      expect(labWallClock('2026-03-10T07:30:00.000Z')).toBe('2026-03-10T08:30');
    }
  });

  it('around the spring change (last Sunday of March), the skipped hour is read an hour on', () => {
    // 29 March 2026: at 02:00 the clocks go to 03:00.
    expect(instantOfLabWallClock('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(instantOfLabWallClock('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(labWallClock('2026-03-29T01:30:00.000Z')).toBe('2026-03-29T03:30');
    expect(instantOfLabWallClock('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(instantOfLabWallClock('2026-03-29T08:30')).toBe('2026-03-29T06:30:00.000Z');
  });

  it('around the autumn change (last Sunday of October), the hour lived twice is its first time', () => {
    // 25 October 2026: at 03:00 the clocks go back to 02:00.
    expect(instantOfLabWallClock('2026-10-25T01:30')).toBe('2026-10-24T23:30:00.000Z');
    expect(instantOfLabWallClock('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(labWallClock('2026-10-25T00:30:00.000Z')).toBe('2026-10-25T02:30');
    expect(labWallClock('2026-10-25T01:30:00.000Z')).toBe('2026-10-25T02:30');
    expect(instantOfLabWallClock('2026-10-25T03:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(instantOfLabWallClock('2026-10-25T08:30')).toBe('2026-10-25T07:30:00.000Z');
  });

  it('refuses what is not a date-time of the calendar', () => {
    for (const text of [
      '',
      '2026-02-30T08:00',
      '2026-13-01T08:00',
      '2026-01-01T24:00',
      '2026-01-01',
      '08:30',
    ])
      expect(instantOfLabWallClock(text)).toBeNull();
    expect(labWallClock('not a date')).toBe('');
  });

  it('gives back what was typed, and shows it as typed, at any time of any day', () => {
    const minutes = fc.integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2060, 0, 1) / 60_000 });
    fc.assert(
      fc.property(minutes, (minute) => {
        const iso = new Date(minute * 60_000).toISOString();
        const typed = labWallClock(iso);
        const instant = instantOfLabWallClock(typed);
        expect(labWallClock(instant ?? '')).toBe(typed);
        const [day = '', time = ''] = typed.split('T');
        const [year, month, date] = day.split('-');
        expect(formatDateTime(instant, 'fr')).toBe(`${date}/${month}/${year} ${time}`);
      }),
    );
  });
});
