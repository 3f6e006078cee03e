import { describe, expect, it } from 'vitest';
import { presentRow, toIso, withoutTenant } from './time.js';

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

describe('withoutTenant and presentRow', () => {
  const stored = {
    record_id: 'r1',
    laboratory_id: 'lab',
    record_created: '2026-11-22 15:44:47.123+00',
    record_notes: null,
  };

  it('copies every field but the tenant column, in order, and leaves the stored row as it was', () => {
    const copy = withoutTenant(stored);
    expect(Object.keys(copy)).toEqual(['record_id', 'record_created', 'record_notes']);
    expect(copy).not.toBe(stored);
    expect(stored.laboratory_id).toBe('lab');
  });

  it('writes the stamps named in ISO 8601 and nothing else', () => {
    expect(presentRow(stored, ['record_created'])).toEqual({
      record_id: 'r1',
      record_created: '2026-11-22T15:44:47.123Z',
      record_notes: null,
    });
  });
});
