import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../lib/transaction.js';
import { dueSends } from './queries.js';

/** A send taken up by a runner: its row, the try it is on counted. */
export type ClaimedSend = typeof recordDeliveries.$inferSelect;

/** How long a claimed send is left to its runner; past it another runner takes it up (a crash). */
const LEASE_MS = 5 * 60_000;

/** Counts the try and puts the next look past the lease, so that no other runner takes it meanwhile. */
function lease(tx: Tx, due: ClaimedSend[]): Promise<ClaimedSend[]> {
  const until = new Date(Date.now() + LEASE_MS).toISOString();
  return Promise.all(
    due.map(async (delivery) => {
      await tx
        .update(recordDeliveries)
        .set({
          delivery_attempts: sql`${recordDeliveries.delivery_attempts} + 1`,
          delivery_next_attempt_at: until,
        })
        .where(eq(recordDeliveries.delivery_id, delivery.delivery_id));
      return { ...delivery, delivery_attempts: delivery.delivery_attempts + 1 };
    }),
  );
}

/** The row runner's turn: the sends due now, leased (FOR UPDATE SKIP LOCKED: copies share them). */
export const claimDueSends = (db: Db, limit: number): Promise<ClaimedSend[]> =>
  writeTransaction(db, SYSTEM_ACTOR, async (tx) => lease(tx, await dueSends(tx, limit)));

/** A job's turn (pg-boss): that one send, whatever its due time, unless it is no longer sending. */
export const claimSend = (db: Db, deliveryId: string): Promise<ClaimedSend | undefined> =>
  writeTransaction(db, SYSTEM_ACTOR, async (tx) => {
    const [delivery] = await tx
      .select()
      .from(recordDeliveries)
      .where(
        and(eq(recordDeliveries.delivery_id, deliveryId), eq(recordDeliveries.delivery_state, 'sending')),
      )
      .for('update', { skipLocked: true });
    return delivery ? (await lease(tx, [delivery]))[0] : undefined;
  });
