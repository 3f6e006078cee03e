import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { hasCallsLeft } from '../channels.js';
import { changeDelivery, markChannelDone } from '../delivery-change.js';

/** Staff carried the channel out (printed, posted, faxed by hand…); the phone goes by its checklist. */
export const markDeliveryDone = (db: Db, auth: Authenticated, deliveryId: string) =>
  changeDelivery(db, auth, deliveryId, async (tx, delivery) => {
    if (delivery.delivery_state === 'done') fail('deliveryAlreadyDone');
    if (delivery.delivery_channel === 'phone' && (await hasCallsLeft(tx, delivery.delivery_record)))
      fail('phoneCallsPending');
    await markChannelDone(tx, auth, delivery.delivery_id);
  });
