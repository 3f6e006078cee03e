import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { samples } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { presentRecord, presentSample } from '../present.js';
import { visibleRecord } from '../scope.js';
import { receiveInTransaction } from './receive.js';

/**
 * A tube scanned at reception (the samples list's reception scan, issue 40): its barcode holds the
 * sample number, and the record it belongs to is received. A second tube of a record received
 * already says so and changes nothing; a cancelled, sent or locked record is refused as
 * receive-record refuses it.
 */
export async function receiveSample(db: Db, auth: Authenticated, sampleNumber: string) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const byNumber = and(
      eq(samples.laboratory_id, auth.user.laboratory_id),
      eq(samples.sample_number, sampleNumber),
    );
    const [tube] = await tx.select().from(samples).where(byNumber);
    if (!tube) return fail('sampleNotFound', { sample_number: sampleNumber });
    const { record, already } = await receiveInTransaction(
      tx,
      await visibleRecord(tx, auth, tube.sample_record),
    );
    // Reception may have completed the tube (its results were entered before it arrived).
    const [sample] = await tx.select().from(samples).where(byNumber);
    return {
      sample: presentSample(sample ?? tube),
      record: presentRecord(record),
      already_received: already,
    };
  });
}
