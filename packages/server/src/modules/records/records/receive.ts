import { RECORD_STATUS } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/open.js';
import { records } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable } from '../guards.js';
import { presentRecord } from '../present.js';
import { completeFinishedSamples } from '../samples/complete.js';
import { type RecordRow, visibleRecord } from '../scope.js';
import { moveRecordStatus } from '../statuses.js';

/**
 * The laboratory has the record, in the caller's transaction: reception time, and 'registered' if
 * it was pre-registered. Results entered before it arrived may have finished samples, which then
 * complete (issue 40). A record received before is left as it is (`already`).
 */
export async function receiveInTransaction(
  tx: Tx,
  current: RecordRow,
): Promise<{ record: RecordRow; already: boolean }> {
  assertEditable(current);
  if (current.record_received_at) return { record: current, already: true };
  const received = { record_received_at: new Date().toISOString() };
  if (current.record_status === RECORD_STATUS.preRegistered) {
    await moveRecordStatus(tx, current, RECORD_STATUS.registered, 'receive', { also: received });
  } else {
    await tx.update(records).set(received).where(eq(records.record_id, current.record_id));
  }
  await completeFinishedSamples(tx, current.record_id);
  const [record] = await tx.select().from(records).where(eq(records.record_id, current.record_id));
  return { record: record ?? current, already: false };
}

/** The laboratory has the record (receive-record). */
export async function receiveRecord(db: Db, auth: Authenticated, recordId: string) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const { record } = await receiveInTransaction(tx, await visibleRecord(tx, auth, recordId));
    return presentRecord(record);
  });
}
