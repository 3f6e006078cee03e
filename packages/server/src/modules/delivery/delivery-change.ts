import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertUnlocked } from '../records/index.js';
import { followDeliveries } from './channels.js';
import { deliveriesOf, lockedDelivery, lockedRecord } from './queries.js';

type LockedDelivery = NonNullable<Awaited<ReturnType<typeof lockedDelivery>>>;

/** A change to one channel of a record (locked with it), answered with the record's channels. */
export const changeDelivery = (
  db: Db,
  auth: Authenticated,
  deliveryId: string,
  work: (tx: Tx, delivery: LockedDelivery) => Promise<void>,
) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const found = (await lockedDelivery(tx, laboratoryId, deliveryId)) ?? fail('deliveryNotFound');
    const record = (await lockedRecord(tx, laboratoryId, found.delivery_record)) ?? fail('deliveryNotFound');
    assertUnlocked(record);
    await work(tx, found);
    return deliveriesOf(tx, await followDeliveries(tx, record.record_id));
  });

/** The channel done by the caller, nothing more to send. */
export const markChannelDone = (tx: Tx, auth: Authenticated, deliveryId: string) =>
  tx
    .update(recordDeliveries)
    .set({
      delivery_state: 'done',
      delivery_done_by: auth.user.admin_uid,
      delivery_done_at: new Date().toISOString(),
      delivery_next_attempt_at: null,
    })
    .where(eq(recordDeliveries.delivery_id, deliveryId));
