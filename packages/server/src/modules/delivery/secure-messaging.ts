import { SECURE_MESSAGING_SETTING, SecureMessagingRelay } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/open.js';
import { prescribers } from '../../db/schema/clinics.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import { laboratories } from '../../db/schema/laboratories.js';
import type { RecordRow } from '../records/index.js';

/**
 * The 'secure_messaging' channel (issue 42): a validated record whose prescriber has an MSSanté
 * address goes to them by secure health messaging, as the CR-BIO in its IHE XDM package, without
 * anyone choosing it, as French laboratories do; provided the laboratory set its MSSanté relay
 * (settings key `secure_messaging`). A row like the exchange's, sent by the same jobs.
 */

/** The prescriber's MSSanté address when the laboratory has a relay to send through; else null. */
export async function secureMessagingRecipient(
  q: Queryable,
  record: Pick<RecordRow, 'laboratory_id' | 'record_prescriber'>,
): Promise<string | null> {
  if (!record.record_prescriber) return null;
  const [row] = await q
    .select({ settings: laboratories.laboratory_settings, address: prescribers.prescriber_mssante })
    .from(prescribers)
    .innerJoin(laboratories, eq(laboratories.laboratory_id, prescribers.laboratory_id))
    .where(
      and(
        eq(prescribers.prescriber_id, record.record_prescriber),
        eq(prescribers.laboratory_id, record.laboratory_id),
      ),
    );
  if (!row?.address) return null;
  return SecureMessagingRelay.safeParse(row.settings[SECURE_MESSAGING_SETTING]).success ? row.address : null;
}

/** At validation, beside the report channels: the secure-messaging send, due now, when it applies. */
export async function openSecureMessaging(tx: Tx, record: RecordRow): Promise<void> {
  const recipient = await secureMessagingRecipient(tx, record);
  if (recipient === null) return;
  const now = new Date().toISOString();
  await tx
    .insert(recordDeliveries)
    .values({
      laboratory_id: record.laboratory_id,
      delivery_record: record.record_id,
      delivery_channel: 'secure_messaging',
      delivery_recipient: recipient,
      delivery_state: 'sending',
      delivery_next_attempt_at: now,
    })
    // Validated again after an invalidation: the new version goes out again, done or not (it
    // replaces the one sent, decision 0023), to the prescriber's address as it is now.
    .onConflictDoUpdate({
      target: [recordDeliveries.delivery_record, recordDeliveries.delivery_channel],
      set: {
        delivery_recipient: recipient,
        delivery_state: 'sending',
        delivery_attempts: 0,
        delivery_next_attempt_at: now,
        delivery_last_error: null,
        delivery_done_by: null,
        delivery_done_at: null,
      },
    });
}

/** Sends a record's CR-BIO (IHE XDM package) to an MSSanté address; wired by the app. */
export type SecureMessagingSender = (q: Queryable, recordId: string, recipient: string) => Promise<void>;
