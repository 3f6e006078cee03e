import { SENT_CHANNELS } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { recordDeliveries } from '../../../db/schema/delivery.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { patients, records } from '../../records/tables.js';
import { changeDelivery } from '../delivery-change.js';
import type { DeliveryDeps } from '../deps.js';
import { exchangeRecipient } from '../exchange.js';
import { secureMessagingRecipient } from '../secure-messaging.js';

/**
 * A failed send goes back to the queue, due now, with a fresh count of tries and the address
 * as the record and patient give it today (the reason it failed is often a missing one).
 */
export const retryDelivery = (
  { db, jobs }: Pick<DeliveryDeps, 'db' | 'jobs'>,
  auth: Authenticated,
  deliveryId: string,
) =>
  changeDelivery(db, auth, deliveryId, async (tx, delivery) => {
    if (delivery.delivery_state !== 'failed' || !SENT_CHANNELS.includes(delivery.delivery_channel as 'fax'))
      fail('deliveryNotRetryable', { delivery_state: delivery.delivery_state });
    const [row] = await tx
      .select({
        email: patients.patient_email,
        fax: patients.patient_fax,
        recordFax: records.record_fax_number,
        prescriber: records.record_prescriber,
      })
      .from(records)
      .innerJoin(patients, eq(patients.patient_id, records.record_patient))
      .where(eq(records.record_id, delivery.delivery_record));
    const owner = { laboratory_id: delivery.laboratory_id, record_prescriber: row?.prescriber ?? null };
    const recipient =
      delivery.delivery_channel === 'exchange'
        ? await exchangeRecipient(tx, owner)
        : delivery.delivery_channel === 'secure_messaging'
          ? await secureMessagingRecipient(tx, owner)
          : delivery.delivery_channel === 'fax'
            ? (row?.recordFax ?? row?.fax ?? null)
            : (row?.email ?? null);
    await tx
      .update(recordDeliveries)
      .set({
        delivery_state: 'sending',
        delivery_recipient: recipient,
        delivery_attempts: 0,
        delivery_next_attempt_at: new Date().toISOString(),
      })
      .where(eq(recordDeliveries.delivery_id, delivery.delivery_id));
    await jobs.enqueue(tx, [delivery.delivery_id]);
  });
