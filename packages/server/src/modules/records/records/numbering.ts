import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';

/** The laboratory's day, in Paris time, as YYMMDD: record numbers read like the day they were made. */
export function parisDay(at = new Date()): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    year: '2-digit',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}${part('month')}${part('day')}`;
}

/**
 * Takes the laboratory's next record number (YYMMDD then a 4-digit counter of the day: 2611220001)
 * in a statement of its own, before the registration's transaction opens (decision 0031): the
 * counter's row is locked for that statement only, so concurrent registrations do not queue on it
 * until each commits. A registration that fails afterwards leaves its number unused: numbers are
 * unique and increasing within the day, not gap-free.
 */
export async function takeRecordNumber(db: Db, laboratoryId: string): Promise<string> {
  const day = parisDay();
  // Both drivers answer raw statements with `{ rows }`; drizzle's generic database type cannot say so.
  // Its commit does not wait for the disk (synchronous_commit off for this statement alone): the
  // row's lock is held until that commit, and waiting for each flush in turn made concurrent
  // registrations queue there. Nothing is lost that matters: the commit of the registration that
  // uses the number flushes the log up to it, so a crash can only give again a number never used.
  const result = (await db.execute(sql`
    WITH no_flush_wait AS (SELECT set_config('synchronous_commit', 'off', true))
    INSERT INTO record_counters (laboratory_id, counter_day, last_value)
    SELECT ${laboratoryId}, ${day}, 1 FROM no_flush_wait
    ON CONFLICT (laboratory_id, counter_day) DO UPDATE SET last_value = record_counters.last_value + 1
    RETURNING last_value`)) as unknown as { rows: Array<{ last_value: number }> };
  const value = Number(result.rows[0]?.last_value ?? 0);
  return `${day}${String(value).padStart(4, '0')}`;
}

/** Letters and digits no one confuses on a printed label (no 0/O, 1/I/l). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** The password a patient types with the record number to see results online. */
export function newRecordPassword(length = 8): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}
