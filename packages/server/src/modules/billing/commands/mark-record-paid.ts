import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { recordBills } from '../../../db/schema/billing.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { lockedRecord } from '../../records/index.js';
import { billOf } from '../queries.js';

/** Marks a billed record paid, once. */
export function markRecordPaid(db: Db, auth: Authenticated, recordId: string) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const record = await lockedRecord(tx, auth.user.laboratory_id, recordId);
    if (!record) return fail('recordNotFound');
    const stored = await billOf(tx, recordId);
    if (!stored) return fail('billNotBilled');
    if (stored.bill.bill_state === 'paid') fail('billAlreadyRecorded');
    await tx
      .update(recordBills)
      .set({
        bill_state: 'paid',
        bill_paid_by: auth.user.admin_uid,
        bill_paid_at: new Date().toISOString(),
      })
      .where(eq(recordBills.bill_record, recordId));
    return { record_id: recordId, bill_state: 'paid' as const };
  });
}
