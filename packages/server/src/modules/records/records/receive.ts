import { RECORD_STATUS } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { records } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable } from '../guards.js';
import { presentRecord } from '../present.js';
import { visibleRecord } from '../scope.js';
import { moveRecordStatus } from '../statuses.js';

/** The laboratory has the record: reception time, and 'registered' if it was pre-registered. */
export async function receiveRecord(db: Db, auth: Authenticated, recordId: string) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const current = await visibleRecord(tx, auth, recordId);
    assertEditable(current);
    if (current.record_received_at) return presentRecord(current);
    const received = { record_received_at: new Date().toISOString() };
    if (current.record_status === RECORD_STATUS.preRegistered)
      return presentRecord(
        await moveRecordStatus(tx, current, RECORD_STATUS.registered, 'receive', { also: received }),
      );
    const [updated] = await tx
      .update(records)
      .set(received)
      .where(eq(records.record_id, current.record_id))
      .returning();
    return presentRecord(updated ?? current);
  });
}
