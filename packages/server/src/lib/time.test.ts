import { describe, expect, it } from 'vitest';
import { toIso } from './time.js';

describe('toIso', () => {
  it('writes every form PostgreSQL gives a stamp as Date would', () => {
    const stamps = [
      '2026-11-22 15:44:47.123+00',
      '2026-11-22 15:44:47.1+00',
      '2026-11-22 15:44:47.12+00',
      '2026-11-22 15:44:47+00',
      '2026-11-22T15:44:47.123+00:00',
      '2026-11-22T15:44:47+00:00',
      '2026-02-28 23:59:59.999+00',
      '2026-11-22 16:44:47.123+01',
      '2026-11-22T10:14:47.5-05:30',
      '2026-11-22 15:44:47.123456+00',
    ];
    for (const stamp of stamps) expect(toIso(stamp), stamp).toBe(new Date(stamp).toISOString());
  });

  it('refuses what is not a date, as Date does', () => {
    expect(() => toIso('not a stamp')).toThrow(RangeError);
  });
});
