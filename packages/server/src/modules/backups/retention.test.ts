import { describe, expect, it } from 'vitest';
import { backupsToKeep } from './retention.js';

/** One backup a day at 02:00 Paris (01:00 UTC in winter), from `first` for `days` days. */
function daily(first: string, days: number) {
  return Array.from({ length: days }, (_, i) => {
    const at = new Date(`${first}T01:00:00Z`);
    at.setUTCDate(at.getUTCDate() + i);
    return { id: at.toISOString().slice(0, 10), created: at.toISOString() };
  });
}

describe('backup retention', () => {
  it('keeps 7 daily, 4 weekly and 12 monthly backups of a year of daily ones', () => {
    const backups = daily('2025-01-01', 365);
    const kept = [...backupsToKeep(backups, { daily: 7, weekly: 4, monthly: 12 })].sort();
    // The last 7 days; the newest of the 4 latest weeks (31 December for the current one, then the
    // Sundays 28, 21 and 14 December); the newest of each of the 12 months (31 December again).
    expect(kept).toEqual(
      [
        '2025-12-25',
        '2025-12-26',
        '2025-12-27',
        '2025-12-28',
        '2025-12-29',
        '2025-12-30',
        '2025-12-31',
        '2025-12-21',
        '2025-12-14',
        '2025-01-31',
        '2025-02-28',
        '2025-03-31',
        '2025-04-30',
        '2025-05-31',
        '2025-06-30',
        '2025-07-31',
        '2025-08-31',
        '2025-09-30',
        '2025-10-31',
        '2025-11-30',
      ].sort(),
    );
  });

  it('counts days in Paris time and keeps the newest backup of a day', () => {
    // 23:30 UTC on 31 March is already 1 April in Paris (summer time).
    const kept = backupsToKeep(
      [
        { id: 'march', created: '2025-03-31T10:00:00Z' },
        { id: 'april-early', created: '2025-03-31T23:30:00Z' },
        { id: 'april-late', created: '2025-04-01T08:00:00Z' },
      ],
      { daily: 2, weekly: 0, monthly: 0 },
    );
    expect([...kept].sort()).toEqual(['april-late', 'march']);
  });

  it('keeps nothing when every count is zero', () => {
    expect(backupsToKeep(daily('2025-01-01', 3), { daily: 0, weekly: 0, monthly: 0 }).size).toBe(0);
  });
});
