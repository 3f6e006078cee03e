import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { records } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable } from '../guards.js';
import { presentRecord } from '../present.js';
import { findVisibleRecord } from '../scope.js';

/** A bench takes the record by scanning its number: the scan time, once. */
export async function scanRecord(db: Db, auth: Authenticated, recordNumber: string) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const current =
      (await findVisibleRecord(tx, auth, eq(records.record_number, recordNumber))) ?? fail('recordNotFound');
    assertEditable(current);
    // Only the first scan counts: two benches must not both take the same record.
    const [scanned] = await tx
      .update(records)
      .set({ record_scanned_at: new Date().toISOString() })
      .where(and(eq(records.record_id, current.record_id), isNull(records.record_scanned_at)))
      .returning();
    if (!scanned) return fail('recordAlreadyScanned', { scanned_at: current.record_scanned_at });
    return presentRecord(scanned);
  });
}
