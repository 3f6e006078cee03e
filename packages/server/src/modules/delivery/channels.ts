import {
  type DeliveryChannel,
  deliveryChannel,
  RECORD_STATUS,
  SAMPLE_STATUS,
  SENT_CHANNELS,
} from '@sil/contract';
import { and, eq, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { recordDeliveries, recordDeliveryCalls } from '../../db/schema/delivery.js';
import {
  moveRecordStatus,
  moveSampleStatus,
  type PendingDeliveries,
  type RecordRow,
  setPendingDeliveries,
} from '../records/index.js';
import { patients, samples } from '../records/tables.js';
import { openExchange } from './exchange.js';
import { type DeliveryJobs, sendingIds } from './job-port.js';
import { openSecureMessaging } from './secure-messaging.js';

type Flag = keyof RecordRow & `record_${'must' | 'pending'}_${string}`;
const flagOf = (kind: 'must' | 'pending', channel: DeliveryChannel) => `record_${kind}_${channel}` as Flag;

/** The record's must-do flags, by channel of spec.md §3. */
export const CHANNELS: readonly DeliveryChannel[] = [
  'paper',
  'online',
  'fax',
  'phone',
  'post',
  'insurance_report',
  'occupational_physician',
];

/**
 * At validation (status 4) each channel the record must use becomes pending: a row per channel,
 * the phone checklist per person, the record_pending_* flag set. E-mail and fax go to the sending
 * queue at once (enqueued in this transaction). A record validated again after invalidation keeps
 * the rows it had, and every one of them is due again, done ones included: the new version
 * cancels and replaces what went out, so it goes out the same ways (decision 0023).
 */
export async function openDeliveries(tx: Tx, record: RecordRow, jobs: DeliveryJobs): Promise<void> {
  const chosen = CHANNELS.filter((channel) => record[flagOf('must', channel)] === true);
  await openExchange(tx, record);
  await openSecureMessaging(tx, record);
  // The channels an earlier version went out by (or was to): served again whatever is chosen now.
  const served = await tx
    .select({ id: recordDeliveries.delivery_id, channel: recordDeliveries.delivery_channel })
    .from(recordDeliveries)
    .where(
      and(
        eq(recordDeliveries.delivery_record, record.record_id),
        notInArray(recordDeliveries.delivery_channel, ['exchange', 'secure_messaging']),
      ),
    );
  if (chosen.length === 0 && served.length === 0) return;
  const [patient] = await tx
    .select({ email: patients.patient_email, fax: patients.patient_fax })
    .from(patients)
    .where(eq(patients.patient_id, record.record_patient));
  const recipientOf = (channel: DeliveryChannel) =>
    channel === 'online'
      ? (patient?.email ?? null)
      : channel === 'fax'
        ? (record.record_fax_number ?? patient?.fax ?? null)
        : null;
  const now = new Date().toISOString();
  if (chosen.length > 0)
    await tx
      .insert(recordDeliveries)
      .values(
        chosen.map((channel) => ({
          laboratory_id: record.laboratory_id,
          delivery_record: record.record_id,
          delivery_channel: channel,
          delivery_recipient: recipientOf(channel),
          ...(SENT_CHANNELS.includes(channel)
            ? { delivery_state: 'sending', delivery_next_attempt_at: now }
            : {}),
        })),
      )
      .onConflictDoNothing();
  await serveAgain(tx, record.record_id, served, { now, recipientOf });
  await jobs.enqueue(tx, await sendingIds(tx, record.record_id));
  if (chosen.includes('phone')) {
    const persons: string[] = [...record.record_persons_to_phone];
    if (record.record_other_persons_to_phone || persons.length === 0) persons.push('other');
    await tx
      .insert(recordDeliveryCalls)
      .values(
        persons.map((call_person) => ({
          laboratory_id: record.laboratory_id,
          call_record: record.record_id,
          call_person,
        })),
      )
      .onConflictDoNothing();
  }
  await followDeliveries(tx, record.record_id);
}

/**
 * Validated again after an invalidation: every row the record had is due again, with the report as
 * it now is. The system's sends go back to the queue (a send held back as 'recordNotValidated' or
 * failed included) to the address as the record and patient give it today; the channels staff
 * carry out, done ones included, are pending again, and the persons already phoned are to phone
 * again. The exchange and secure-messaging sends are renewed by `openExchange` and
 * `openSecureMessaging`, to the destination and the address as they are now.
 */
async function serveAgain(
  tx: Tx,
  recordId: string,
  served: ReadonlyArray<{ id: string; channel: string }>,
  options: { now: string; recipientOf: (channel: DeliveryChannel) => string | null },
): Promise<void> {
  const again = {
    delivery_attempts: 0,
    delivery_last_error: null,
    delivery_done_by: null,
    delivery_done_at: null,
  };
  for (const row of served) {
    const channel = deliveryChannel.parse(row.channel);
    await tx
      .update(recordDeliveries)
      .set(
        SENT_CHANNELS.includes(channel)
          ? {
              ...again,
              delivery_state: 'sending',
              delivery_next_attempt_at: options.now,
              delivery_recipient: options.recipientOf(channel),
            }
          : { ...again, delivery_state: 'pending', delivery_next_attempt_at: null },
      )
      .where(eq(recordDeliveries.delivery_id, row.id));
  }
  if (served.length === 0) return;
  await tx
    .update(recordDeliveryCalls)
    .set({ call_done_by: null, call_done_at: null })
    .where(and(eq(recordDeliveryCalls.call_record, recordId), isNotNull(recordDeliveryCalls.call_done_at)));
}

/**
 * The record_pending_* flags follow the rows (pending while a row is not done), and the record
 * awaiting submission becomes 'sent' with its samples once every channel it must use is done:
 * the one place delivery takes the step 4 → 5, under the action 'delivery'.
 */
export async function followDeliveries(tx: Tx, recordId: string): Promise<RecordRow> {
  const rows = await tx
    .select({ channel: recordDeliveries.delivery_channel, state: recordDeliveries.delivery_state })
    .from(recordDeliveries)
    .where(eq(recordDeliveries.delivery_record, recordId));
  const open = new Set(rows.filter((row) => row.state !== 'done').map((row) => row.channel));
  const flags: PendingDeliveries = Object.fromEntries(
    CHANNELS.map((channel) => [flagOf('pending', channel), open.has(channel)]),
  );
  const record = await setPendingDeliveries(tx, recordId, flags);
  if (rows.length === 0 || open.size > 0 || record.record_status !== RECORD_STATUS.pendingSubmission)
    return record;
  const toSend = await tx
    .select()
    .from(samples)
    .where(and(eq(samples.sample_record, recordId), eq(samples.sample_status, SAMPLE_STATUS.validated)));
  const sent = await moveRecordStatus(tx, record, RECORD_STATUS.sent, 'delivery');
  for (const sample of toSend) await moveSampleStatus(tx, sample, sent, SAMPLE_STATUS.reportSent, 'delivery');
  return sent;
}

/** Whether the phone checklist of a record still has a person to phone. */
export async function hasCallsLeft(tx: Tx, recordId: string): Promise<boolean> {
  const [left] = await tx
    .select({ id: recordDeliveryCalls.call_id })
    .from(recordDeliveryCalls)
    .where(and(eq(recordDeliveryCalls.call_record, recordId), isNull(recordDeliveryCalls.call_done_at)))
    .limit(1);
  return left !== undefined;
}
