import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { records } from '../../db/schema/records.js';

/**
 * The record of the caller's laboratory, locked for the length of the transaction: whoever changes
 * what hangs on the record (its validation, its flags, its non-conformities) does it one writer at a
 * time, and each sees the other's step.
 */
export async function lockedRecord(tx: Tx, laboratoryId: string, recordId: string) {
  const [record] = await tx
    .select()
    .from(records)
    .where(and(eq(records.record_id, recordId), eq(records.laboratory_id, laboratoryId)))
    .for('update');
  return record;
}
