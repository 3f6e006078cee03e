import type { Db, Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import type { RecordRow } from '../records/index.js';

/**
 * The 'dmp' channel (issue 42, docs/dmp.md): a validated record the DMP feed may send gets a send
 * row like exchange and e-mail, tried by the same jobs with the same retries. The DMP module
 * decides whether the record may go (qualified INS, no opposition) and opens it before the other
 * channels, so the queue takes it with them; the row names no recipient (the DMP is the
 * laboratory's configured service), which is why the send is routed before the recipient check.
 */
export async function openDmpSend(
  tx: Tx,
  record: Pick<RecordRow, 'laboratory_id' | 'record_id'>,
): Promise<void> {
  const due = {
    delivery_state: 'sending',
    delivery_next_attempt_at: new Date().toISOString(),
    delivery_attempts: 0,
    delivery_last_error: null,
    delivery_done_by: null,
    delivery_done_at: null,
  };
  await tx
    .insert(recordDeliveries)
    .values({
      laboratory_id: record.laboratory_id,
      delivery_record: record.record_id,
      delivery_channel: 'dmp',
      ...due,
    })
    // Validated again after an invalidation: the amended version goes (it replaces the first).
    .onConflictDoUpdate({
      target: [recordDeliveries.delivery_record, recordDeliveries.delivery_channel],
      set: due,
    });
}

/** Sends a record's report to the DMP (or settles it as not to be sent); wired by the app. */
export type DmpSender = (db: Db, recordId: string) => Promise<void>;
