import type { Db } from '../../../db/open.js';
import { recordBills } from '../../../db/schema/billing.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { lockedRecord } from '../../records/index.js';
import { loadRecordContext } from '../../reports/index.js';
import { BILLABLE_FROM, billOfRecord } from '../bill.js';
import { billOf } from '../queries.js';

/** Marks a validated record billed, keeping the amounts of that moment (laboratory staff only). */
export function markRecordBilled(db: Db, auth: Authenticated, recordId: string) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const record = await lockedRecord(tx, auth.user.laboratory_id, recordId);
    if (!record) return fail('recordNotFound');
    if (record.record_status < BILLABLE_FROM || record.record_annulr_flag) fail('recordNotBillable');
    if (await billOf(tx, recordId)) fail('billAlreadyRecorded');
    const computed = await billOfRecord(tx, await loadRecordContext(tx, auth, recordId));
    await tx.insert(recordBills).values({
      bill_record: recordId,
      laboratory_id: auth.user.laboratory_id,
      bill_state: 'billed',
      bill_total_cents: computed.bill.total_cents,
      bill_quote_cents: computed.bill.total_quote_cents,
      bill_to_pay_cents: computed.bill.to_pay_cents,
      bill_billed_by: auth.user.admin_uid,
    });
    return { record_id: recordId, bill_state: 'billed' as const };
  });
}
