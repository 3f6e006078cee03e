import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../lib/transaction.js';
import { followDeliveries } from './channels.js';
import type { ClaimedSend } from './claim-sends.js';
import { PermanentFailure } from './send-delivery.js';

/** How many tries a send gets, and the first wait between two (seconds; 30 by default). */
export interface SendTries {
  max: number;
  firstWaitSeconds?: number;
}

export const backoffMs = (attempts: number, firstSeconds = 30) =>
  firstSeconds * 1000 * 2 ** Math.max(0, attempts - 1);

export type SendOutcome = 'done' | 'retry' | 'failed' | 'skipped';

/**
 * Writes the outcome of a try (`error` null when it went out): done, another try after a doubling
 * wait ('retry'), or 'failed' for a hand after the last try or a PermanentFailure. A send done or
 * retried by hand meanwhile keeps that later word ('skipped'). The record's delivery state follows.
 */
export function settleSend(
  db: Db,
  delivery: ClaimedSend,
  error: unknown,
  tries: SendTries,
): Promise<SendOutcome> {
  const scope = eq(recordDeliveries.delivery_id, delivery.delivery_id);
  return writeTransaction(db, SYSTEM_ACTOR, async (tx): Promise<SendOutcome> => {
    const [current] = await tx.select().from(recordDeliveries).where(scope).for('update');
    if (current?.delivery_state !== 'sending') return 'skipped';
    if (error === null) {
      await tx
        .update(recordDeliveries)
        .set({
          delivery_state: 'done',
          delivery_done_at: new Date().toISOString(),
          delivery_next_attempt_at: null,
          delivery_last_error: null,
        })
        .where(scope);
      await followDeliveries(tx, delivery.delivery_record);
      return 'done';
    }
    const message = error instanceof Error ? error.message : String(error);
    const givesUp = error instanceof PermanentFailure || current.delivery_attempts >= tries.max;
    await tx
      .update(recordDeliveries)
      .set({
        delivery_state: givesUp ? 'failed' : 'sending',
        delivery_last_error: message.slice(0, 500),
        delivery_next_attempt_at: givesUp
          ? null
          : new Date(Date.now() + backoffMs(current.delivery_attempts, tries.firstWaitSeconds)).toISOString(),
      })
      .where(scope);
    await followDeliveries(tx, delivery.delivery_record);
    return givesUp ? 'failed' : 'retry';
  });
}
