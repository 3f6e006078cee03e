import { timingSafeEqual } from 'node:crypto';
import { type OnlineReport, type OnlineReportBody, RECORD_STATUS, SENT_CHANNELS } from '@sil/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/open.js';
import {
  laboratories,
  onlineReportOpenings,
  patients,
  recordDeliveries,
  recordDeliveryCalls,
  records,
} from '../../db/schema/index.js';
import type { RequestOrigin } from '../../lib/auth-context.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../lib/transaction.js';
import type { Throttle } from '../auth/index.js';
import { assertUnlocked, visibleRecord } from '../records/index.js';
import { followDeliveries, hasCallsLeft } from './channels.js';
import { exchangeRecipient } from './exchange.js';
import type { DeliveryJobs } from './job-port.js';
import { deliveriesOf, deliveryWorklist, lockedCall, lockedDelivery, lockedRecord } from './queries.js';
import type { ReportProvider } from './report.js';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
const throttleKey = (recordNumber: string) => `report:${recordNumber.toUpperCase()}`;

export function createDeliveryService(
  db: Db,
  throttle: Throttle,
  report: ReportProvider,
  jobs: DeliveryJobs,
) {
  /** A change to one channel of a record (locked with it), answered with the record's channels. */
  const onDelivery = (
    auth: Authenticated,
    deliveryId: string,
    work: (tx: Tx, delivery: NonNullable<Awaited<ReturnType<typeof lockedDelivery>>>) => Promise<void>,
  ) =>
    writeTransaction(db, actorOf(auth), async (tx) => {
      const laboratoryId = auth.user.laboratory_id;
      const found = (await lockedDelivery(tx, laboratoryId, deliveryId)) ?? fail('deliveryNotFound');
      const record =
        (await lockedRecord(tx, laboratoryId, found.delivery_record)) ?? fail('deliveryNotFound');
      assertUnlocked(record);
      await work(tx, found);
      return deliveriesOf(tx, await followDeliveries(tx, record.record_id));
    });

  const markDone = (tx: Tx, auth: Authenticated, deliveryId: string) =>
    tx
      .update(recordDeliveries)
      .set({
        delivery_state: 'done',
        delivery_done_by: auth.user.admin_uid,
        delivery_done_at: new Date().toISOString(),
        delivery_next_attempt_at: null,
      })
      .where(eq(recordDeliveries.delivery_id, deliveryId));

  return {
    async list(auth: Authenticated, recordId: string) {
      const record = await visibleRecord(db, auth, recordId);
      return deliveriesOf(db, record);
    },

    worklist: (auth: Authenticated, channel: string, state: 'open' | 'failed') =>
      deliveryWorklist(db, auth.user.laboratory_id, channel, state),

    /** Staff carried the channel out (printed, posted, faxed by hand…); the phone goes by its checklist. */
    markDone: (auth: Authenticated, deliveryId: string) =>
      onDelivery(auth, deliveryId, async (tx, delivery) => {
        if (delivery.delivery_state === 'done') fail('deliveryAlreadyDone');
        if (delivery.delivery_channel === 'phone' && (await hasCallsLeft(tx, delivery.delivery_record)))
          fail('phoneCallsPending');
        await markDone(tx, auth, delivery.delivery_id);
      }),

    /** One person phoned: with the last one, the phone channel is done by whoever made that call. */
    markCallDone: (auth: Authenticated, callId: string) =>
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
          if (phone && phone.delivery_state !== 'done') await markDone(tx, auth, phone.delivery_id);
        }
        return deliveriesOf(tx, await followDeliveries(tx, record.record_id));
      }),

    /**
     * A failed send goes back to the queue, due now, with a fresh count of tries and the address
     * as the record and patient give it today (the reason it failed is often a missing one).
     */
    retry: (auth: Authenticated, deliveryId: string) =>
      onDelivery(auth, deliveryId, async (tx, delivery) => {
        if (
          delivery.delivery_state !== 'failed' ||
          !SENT_CHANNELS.includes(delivery.delivery_channel as 'fax')
        )
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
        const recipient =
          delivery.delivery_channel === 'exchange'
            ? await exchangeRecipient(tx, {
                laboratory_id: delivery.laboratory_id,
                record_prescriber: row?.prescriber ?? null,
              })
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
      }),

    /**
     * The patient's own opening (public): the record number, the record password of the password
     * label and the birth date must all match; any miss answers the same refusal and counts toward
     * the throttle of that record number and of the address. Every try is traced. A granted opening
     * of a validated report also completes its online channel.
     */
    async openOnline(input: z.output<typeof OnlineReportBody>, origin: RequestOrigin): Promise<OnlineReport> {
      const key = throttleKey(input.record_number);
      const wait = await throttle.retryAfter(key, origin.ip);
      if (wait > 0) fail('tooManyAttempts', { retry_after: wait });
      const candidates = await db
        .select({ record: records, dob: patients.patient_dob, laboratory_name: laboratories.laboratory_name })
        .from(records)
        .innerJoin(patients, eq(patients.patient_id, records.record_patient))
        .innerJoin(laboratories, eq(laboratories.laboratory_id, records.laboratory_id))
        .where(eq(records.record_number, input.record_number));
      const match = candidates.find(
        (row) => sameText(row.record.record_password, input.record_password) && row.dob === input.patient_dob,
      );
      await writeTransaction(db, SYSTEM_ACTOR, (tx) =>
        tx.insert(onlineReportOpenings).values({
          opening_record: match?.record.record_id ?? null,
          opening_record_number: input.record_number.slice(0, 40),
          opening_address: origin.ip,
          opening_granted: match !== undefined,
        }),
      );
      if (!match) {
        await throttle.recordFailure(key, origin.ip);
        return fail('incorrectReportCredentials');
      }
      const { record } = match;
      if (record.record_annulr_flag || record.record_status < RECORD_STATUS.pendingSubmission)
        return fail('reportNotReady');
      const document = await report(db, record.record_id);
      await writeTransaction(db, SYSTEM_ACTOR, async (tx) => {
        const done = await tx
          .update(recordDeliveries)
          .set({
            delivery_state: 'done',
            delivery_done_at: new Date().toISOString(),
            delivery_next_attempt_at: null,
          })
          .where(
            and(
              eq(recordDeliveries.delivery_record, record.record_id),
              eq(recordDeliveries.delivery_channel, 'online'),
              isNull(recordDeliveries.delivery_done_at),
            ),
          )
          .returning({ id: recordDeliveries.delivery_id });
        if (done.length > 0 && !record.record_locked) await followDeliveries(tx, record.record_id);
      });
      return {
        record_number: record.record_number,
        laboratory_name: match.laboratory_name,
        filename: document.filename,
        pdf_base64: document.pdf.toString('base64'),
      };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
