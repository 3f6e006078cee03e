import type { Db } from '../../../db/open.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable, updateRecordIfUnchanged } from '../guards.js';
import { presentRecord } from '../present.js';
import { visibleRecord } from '../scope.js';

/** Internal notes: a change like any other, so stamped, and refused on a frozen record. */
export async function updateInternalNotes(
  db: Db,
  auth: Authenticated,
  input: { record_id: string; record_last_updated: string; record_internal_notes: string },
) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const current = await visibleRecord(tx, auth, input.record_id);
    assertEditable(current);
    const updated = await updateRecordIfUnchanged(tx, auth, input, {
      record_internal_notes: input.record_internal_notes,
    });
    return presentRecord(updated);
  });
}
