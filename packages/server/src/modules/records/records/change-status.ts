import type { Db } from '../../../db/open.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable, updateRecordIfUnchanged } from '../guards.js';
import { presentRecord } from '../present.js';
import { visibleRecord } from '../scope.js';
import { moveRecordStatus } from '../statuses.js';

/** The step staff take by hand: registering a pre-registered record (spec.md §4). */
export async function changeRecordStatus(
  db: Db,
  auth: Authenticated,
  input: { record_id: string; record_last_updated: string; record_status: number },
) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const current = await visibleRecord(tx, auth, input.record_id);
    assertEditable(current);
    if (input.record_status === current.record_status)
      return presentRecord(await updateRecordIfUnchanged(tx, auth, input, {}));
    const moved = await moveRecordStatus(tx, current, input.record_status, 'registration', {
      stamp: input.record_last_updated,
    });
    return presentRecord(moved);
  });
}
