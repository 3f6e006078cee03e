import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { records } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { dropEmpty } from '../../../lib/input.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable, assertUnlocked, updateRecordIfUnchanged } from '../guards.js';
import { presentRecord } from '../present.js';
import { visibleRecord } from '../scope.js';
import { RECORD_VALUE_KEYS } from './fields.js';
import { insertRecord } from './new-record.js';
import { takeRecordNumber } from './numbering.js';

/** Cancel-and-replace: the old record is flagged with the reason; the copy takes a new number. */
export async function cancelRecord(
  db: Db,
  auth: Authenticated,
  input: {
    record_id: string;
    record_last_updated: string;
    record_annulment_explanation: string;
    replace: boolean;
  },
) {
  // The replacement's number, taken in its own statement before the transaction (decision 0031).
  const recordNumber = input.replace ? await takeRecordNumber(db, auth.user.laboratory_id) : undefined;
  return writeTransaction(
    db,
    actorOf(auth),
    async (tx) => {
      const current = await visibleRecord(tx, auth, input.record_id);
      assertUnlocked(current);
      if (current.record_annulr_flag) fail('invalidOperation', { reason: 'alreadyCancelled' });
      assertEditable(current);
      const cancelled = await updateRecordIfUnchanged(tx, auth, input, {
        record_annulr_flag: true,
        record_annulment_explanation: input.record_annulment_explanation,
      });
      if (recordNumber === undefined) return { cancelled: presentRecord(cancelled), replacement: null };
      const copied = dropEmpty(current, { dropNull: true, keys: RECORD_VALUE_KEYS });
      const { record } = await insertRecord(
        tx,
        auth,
        current.record_patient,
        { ...copied, record_replaces: current.record_id },
        current.record_selected_analyses,
        { recordNumber, allowHidden: true },
      );
      const [linked] = await tx
        .update(records)
        .set({ record_replaced_by: record.record_id })
        .where(eq(records.record_id, current.record_id))
        .returning();
      return { cancelled: presentRecord(linked ?? cancelled), replacement: presentRecord(record) };
    },
    { comment: input.record_annulment_explanation },
  );
}
