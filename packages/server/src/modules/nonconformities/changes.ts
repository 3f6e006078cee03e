import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open.js';
import { records, samples } from '../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertEditable, presentSample, type RecordRow } from '../records/index.js';
import { hasUnresolvedNca, lockedSampleAndRecord } from './queries.js';

export const emptyToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** record_unresolved_nca follows the record's NCAs: set while one waits for its solution. */
export async function followNcas(tx: Tx, record: RecordRow): Promise<void> {
  const unresolved = await hasUnresolvedNca(tx, record.record_id);
  if (unresolved !== record.record_unresolved_nca)
    await tx
      .update(records)
      .set({ record_unresolved_nca: unresolved })
      .where(eq(records.record_id, record.record_id));
}

type SampleRow = typeof samples.$inferSelect;

/**
 * Changes a sample whose record still takes changes (both locked), refusing a stale
 * sample_last_updated; `changesFor` may refuse the change by what the sample holds.
 */
export const changeOpenSample = (
  db: Db,
  auth: Authenticated,
  target: { sample_id: string; sample_last_updated: string },
  changesFor: (sample: SampleRow) => Partial<typeof samples.$inferInsert>,
) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const found = await lockedSampleAndRecord(tx, auth.user.laboratory_id, target.sample_id);
    if (!found) return fail('sampleNotFound');
    assertEditable(found.record);
    const changes = changesFor(found.sample);
    const updated = await updateIfUnchanged(
      tx,
      samples,
      {
        idColumn: samples.sample_id,
        id: target.sample_id,
        stampColumn: samples.sample_last_updated,
        stamp: target.sample_last_updated,
        scope: eq(samples.laboratory_id, auth.user.laboratory_id),
      },
      changes,
      'sampleNotFound',
    );
    return presentSample(updated);
  });
