import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/open.js';
import { records } from '../../../db/schema/records.js';
import type { RecordRow } from '../scope.js';

/** The record's record_pending_<channel> flags, which delivery sets as its channels open and close. */
export type PendingDeliveries = { [Flag in keyof RecordRow & `record_pending_${string}`]?: boolean };

/**
 * Sets the record's pending-delivery flags for delivery, written only when one moves: the trail and
 * the record's stamp change with the delivery only.
 */
export async function setPendingDeliveries(
  tx: Tx,
  recordId: string,
  flags: PendingDeliveries,
): Promise<RecordRow> {
  const [current] = await tx.select().from(records).where(eq(records.record_id, recordId));
  if (!current) throw new Error(`record ${recordId} vanished under its delivery`);
  const moved = Object.entries(flags).some(
    ([flag, value]) => current[flag as keyof PendingDeliveries] !== value,
  );
  if (!moved) return current;
  const [updated = current] = await tx
    .update(records)
    .set(flags)
    .where(eq(records.record_id, recordId))
    .returning();
  return updated;
}
