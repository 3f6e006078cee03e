/**
 * Which scheduled backups to keep (decision 0008): the newest of each of the last `daily` days, of
 * the last `weekly` weeks and of the last `monthly` months that have one, in Paris time (the
 * laboratory's calendar), as restic's --keep-daily/--keep-weekly/--keep-monthly count them. A
 * backup kept by any of the three is kept.
 */
export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

const parisDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Paris calendar day of an instant, YYYY-MM-DD. */
export const parisDay = (instant: Date) => parisDayFormat.format(instant);

/** The Monday of that day's week: one name per ISO week. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

export function backupsToKeep(
  backups: ReadonlyArray<{ id: string; created: string }>,
  policy: RetentionPolicy,
): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.created.localeCompare(a.created));
  const keep = new Set<string>();
  const buckets: Array<[number, (day: string) => string]> = [
    [policy.daily, (day) => day],
    [policy.weekly, weekOf],
    [policy.monthly, (day) => day.slice(0, 7)],
  ];
  for (const [count, bucketOf] of buckets) {
    let last: string | null = null;
    let kept = 0;
    for (const backup of newestFirst) {
      if (kept >= count) break;
      const bucket = bucketOf(parisDay(new Date(backup.created)));
      if (bucket === last) continue;
      keep.add(backup.id);
      last = bucket;
      kept += 1;
    }
  }
  return keep;
}
