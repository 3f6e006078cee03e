import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';

/**
 * Who runs the report sends (decision 0016). The row of record_deliveries stays what the
 * laboratory sees (state, tries, last error, retry by hand); the queue only decides when a send
 * is tried and by which server copy.
 */
export interface DeliveryJobs {
  readonly kind: 'rows' | 'pg-boss';
  /**
   * Inside the transaction that made these sends due (validation, retry by hand): the job exists
   * with the row or not at all.
   */
  enqueue(tx: Tx, deliveryIds: readonly string[]): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The ids of a record's sends now due, for the queue. */
export async function sendingIds(tx: Tx, recordId: string, only?: readonly string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: recordDeliveries.delivery_id })
    .from(recordDeliveries)
    .where(
      and(
        eq(recordDeliveries.delivery_record, recordId),
        eq(recordDeliveries.delivery_state, 'sending'),
        only ? inArray(recordDeliveries.delivery_id, [...only]) : undefined,
      ),
    );
  return rows.map((row) => row.id);
}
