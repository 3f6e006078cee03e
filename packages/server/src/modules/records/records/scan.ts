import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/open.js';
import { records, samples } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable } from '../guards.js';
import { presentRecord } from '../present.js';
import { findVisibleRecord } from '../scope.js';
import { receiveInTransaction } from './receive.js';

/**
 * The record a scanned number names: the record's own number, or a tube's sample number (its label
 * encodes `{record number}-NN`, decision 0007), which stands for the record it belongs to (issue 40:
 * a tube scanned at the Scanner used to be 'a record that does not exist').
 */
async function scannedRecord(tx: Tx, auth: Authenticated, number: string) {
  const [tube] = await tx
    .select({ record_id: samples.sample_record })
    .from(samples)
    .where(and(eq(samples.laboratory_id, auth.user.laboratory_id), eq(samples.sample_number, number)));
  const byNumber = eq(records.record_number, number);
  return findVisibleRecord(
    tx,
    auth,
    tube ? (or(byNumber, eq(records.record_id, tube.record_id)) ?? byNumber) : byNumber,
  );
}

/**
 * A bench takes the record by scanning its number or a tube's: the scan time, once. With `receive`
 * (a workstation at reception), the same scan receives the record, which needs the right to.
 */
export async function scanRecord(
  db: Db,
  auth: Authenticated,
  input: { record_number: string; receive?: boolean | undefined },
) {
  if (input.receive && auth.rights.admin_records < 2) fail('insufficientAdminRights');
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const found = (await scannedRecord(tx, auth, input.record_number)) ?? fail('recordNotFound');
    const reception = input.receive ? await receiveInTransaction(tx, found) : null;
    const current = reception?.record ?? found;
    assertEditable(current);
    // Only the first scan counts: two benches must not both take the same record.
    const [scanned] = await tx
      .update(records)
      .set({ record_scanned_at: new Date().toISOString() })
      .where(and(eq(records.record_id, current.record_id), isNull(records.record_scanned_at)))
      .returning();
    // A record scanned at the bench before it reached reception is still received by this scan.
    if (!scanned && reception && !reception.already) return presentRecord(current);
    if (!scanned)
      return fail('recordAlreadyScanned', {
        scanned_at: current.record_scanned_at,
        record_id: current.record_id,
        record_number: current.record_number,
      });
    return presentRecord(scanned);
  });
}
