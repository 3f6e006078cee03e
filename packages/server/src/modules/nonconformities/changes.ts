import type { Db, Tx } from '../../db/open.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import {
  assertEditable,
  markSample,
  presentSample,
  type RecordRow,
  type SampleMarks,
  setUnresolvedNca,
} from '../records/index.js';
import { hasUnresolvedNca, lockedSampleAndRecord } from './queries.js';

export const emptyToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** record_unresolved_nca follows the record's NCAs: set while one waits for its solution. */
export async function followNcas(tx: Tx, record: RecordRow): Promise<void> {
  await setUnresolvedNca(tx, record, await hasUnresolvedNca(tx, record.record_id));
}

type SampleRow = NonNullable<Awaited<ReturnType<typeof lockedSampleAndRecord>>>['sample'];

/**
 * Changes a sample whose record still takes changes (both locked), refusing a stale
 * sample_last_updated; `marksFor` may refuse the change by what the sample holds.
 */
export const changeOpenSample = (
  db: Db,
  auth: Authenticated,
  target: { sample_id: string; sample_last_updated: string },
  marksFor: (sample: SampleRow) => SampleMarks,
) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const found = await lockedSampleAndRecord(tx, auth.user.laboratory_id, target.sample_id);
    if (!found) return fail('sampleNotFound');
    assertEditable(found.record);
    const updated = await markSample(tx, found.sample, target.sample_last_updated, marksFor(found.sample));
    return presentSample(updated);
  });
