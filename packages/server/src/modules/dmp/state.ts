import type { DmpState } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { recordDmp } from '../../db/schema/dmp.js';

export type RecordDmpRow = typeof recordDmp.$inferSelect;

export async function dmpRowOf(q: Queryable, recordId: string): Promise<RecordDmpRow | undefined> {
  const [row] = await q.select().from(recordDmp).where(eq(recordDmp.dmp_record, recordId));
  return row;
}

/** Writes a record's DMP state (the row is made on first use; the override is kept). */
export async function setDmpState(
  q: Queryable,
  record: { record_id: string; laboratory_id: string },
  state: DmpState,
  fields: Partial<Omit<RecordDmpRow, 'dmp_record' | 'laboratory_id' | 'dmp_state'>> = {},
): Promise<void> {
  const set = { dmp_state: state, ...fields };
  await q
    .insert(recordDmp)
    .values({ dmp_record: record.record_id, laboratory_id: record.laboratory_id, ...set })
    .onConflictDoUpdate({ target: recordDmp.dmp_record, set });
}
