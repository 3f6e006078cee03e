/**
 * Date-times typed at a workstation are the laboratory's wall-clock time (Europe/Paris), the time
 * every screen shows them in, whatever zone the workstation itself is set to: a collection typed at
 * 08:30 reads 08:30 on every screen (ARCHITECTURE.md 'Times'). Settings hold no time zone; the
 * server's record numbers and reports use the same zone.
 */
export const LAB_TIME_ZONE = 'Europe/Paris';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const HOUR_MS = 3_600_000;

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LAB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The laboratory's wall clock at an instant, as numbers. */
function wallClockAt(ms: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const found: Record<string, number> = {};
  for (const part of parts.formatToParts(ms))
    if (part.type !== 'literal') found[part.type] = Number(part.value);
  return {
    year: found.year ?? 0,
    month: found.month ?? 1,
    day: found.day ?? 1,
    hour: found.hour ?? 0,
    minute: found.minute ?? 0,
  };
}

/** How far the laboratory's clock is ahead of UTC at an instant, in milliseconds (minutes kept). */
function offsetAt(ms: number): number {
  const wall = wallClockAt(ms);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - (ms - (((ms % 60_000) + 60_000) % 60_000));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as the date-time fields hold it: 'YYYY-MM-DDTHH:mm' on the laboratory's clock; '' if unreadable. */
export function labWallClock(iso: string): string {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const wall = wallClockAt(ms);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * The instant a typed 'YYYY-MM-DDTHH:mm' names on the laboratory's clock, as an ISO string; null
 * when the text is no such date-time. Around the clock changes it reads as the laboratory's clocks
 * did: in the hour skipped on the last Sunday of March (02:00–03:00) the time is taken an hour on
 * (02:30 is 03:30 summer time, what a clock not yet put forward showed); in the hour lived twice on
 * the last Sunday of October, the first one (summer time) is meant.
 */
export function instantOfLabWallClock(text: string): string | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null;
  // The offset before and after the wall-clock time: they differ only around a clock change.
  const before = offsetAt(asUtc - 12 * HOUR_MS);
  const after = offsetAt(asUtc + 12 * HOUR_MS);
  const fits = [asUtc - before, asUtc - after]
    .filter((ms) => offsetAt(ms) === asUtc - ms)
    .sort((a, b) => a - b);
  const instant = fits[0] ?? asUtc - before;
  return new Date(instant).toISOString();
}
