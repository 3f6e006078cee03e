import { timingSafeEqual } from 'node:crypto';
import { type OnlineReport, type OnlineReportBody, RECORD_STATUS } from '@sil/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { onlineReportOpenings, recordDeliveries } from '../../../db/schema/delivery.js';
import { laboratories } from '../../../db/schema/laboratories.js';
import type { RequestOrigin } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { columnsOf } from '../../../lib/read-only.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../../lib/transaction.js';
import { patients, records } from '../../records/tables.js';
import { followDeliveries } from '../channels.js';
import type { DeliveryDeps } from '../deps.js';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
const throttleKey = (recordNumber: string) => `report:${recordNumber.toUpperCase()}`;

/**
 * The patient's own opening (public): the record number, the record password of the password
 * label and the birth date must all match; any miss answers the same refusal and counts toward
 * the throttle of that record number and of the address. Every try is traced. A granted opening
 * of a validated report also completes its online channel.
 */
export async function openOnlineReport(
  { db, throttle, report }: Pick<DeliveryDeps, 'db' | 'throttle' | 'report'>,
  input: z.output<typeof OnlineReportBody>,
  origin: RequestOrigin,
): Promise<OnlineReport> {
  const key = throttleKey(input.record_number);
  const wait = await throttle.retryAfter(key, origin.ip);
  if (wait > 0) fail('tooManyAttempts', { retry_after: wait });
  const candidates = await db
    .select({
      record: columnsOf(records),
      dob: patients.patient_dob,
      laboratory_name: laboratories.laboratory_name,
    })
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
}
