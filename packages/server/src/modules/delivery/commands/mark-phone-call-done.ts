import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { recordDeliveries, recordDeliveryCalls } from '../../../db/schema/delivery.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertUnlocked } from '../../records/index.js';
import { followDeliveries, hasCallsLeft } from '../channels.js';
import { markChannelDone } from '../delivery-change.js';
import { deliveriesOf, lockedCall, lockedRecord } from '../queries.js';

/** One person phoned: with the last one, the phone channel is done by whoever made that call. */
export const markPhoneCallDone = (db: Db, auth: Authenticated, callId: string) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const call = (await lockedCall(tx, laboratoryId, callId)) ?? fail('phoneCallNotFound');
    const record = (await lockedRecord(tx, laboratoryId, call.call_record)) ?? fail('phoneCallNotFound');
    assertUnlocked(record);
    if (call.call_done_at) fail('deliveryAlreadyDone');
    await tx
      .update(recordDeliveryCalls)
      .set({ call_done_by: auth.user.admin_uid, call_done_at: new Date().toISOString() })
      .where(eq(recordDeliveryCalls.call_id, call.call_id));
    if (!(await hasCallsLeft(tx, record.record_id))) {
      const [phone] = await tx
        .select()
        .from(recordDeliveries)
        .where(
          and(
            eq(recordDeliveries.delivery_record, record.record_id),
            eq(recordDeliveries.delivery_channel, 'phone'),
          ),
        );
      if (phone && phone.delivery_state !== 'done') await markChannelDone(tx, auth, phone.delivery_id);
    }
    return deliveriesOf(tx, await followDeliveries(tx, record.record_id));
  });
