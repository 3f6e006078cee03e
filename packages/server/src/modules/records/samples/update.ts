import type { UpdateSampleBody } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { records, samples } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { updateIfUnchanged } from '../../../lib/concurrency.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable, assertSampleReferences } from '../guards.js';
import { presentSample } from '../present.js';
import { sampleInLaboratory } from './queries.js';

/**
 * The bench's changes to a sample (machine, collection, observations, interpretation): on a
 * record still open to changes, with the stamp read, and references of the laboratory only.
 */
export async function updateSample(db: Db, auth: Authenticated, input: z.output<typeof UpdateSampleBody>) {
  const { sample_id, sample_last_updated, ...changes } = input;
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const sample = await sampleInLaboratory(tx, auth.user.laboratory_id, sample_id);
    const [record] = await tx.select().from(records).where(eq(records.record_id, sample.sample_record));
    if (!record) return fail('recordNotFound');
    assertEditable(record);
    await assertSampleReferences(tx, auth.user.laboratory_id, changes);
    const updated = await updateIfUnchanged(
      tx,
      samples,
      {
        idColumn: samples.sample_id,
        id: sample_id,
        stampColumn: samples.sample_last_updated,
        stamp: sample_last_updated,
        scope: eq(samples.laboratory_id, auth.user.laboratory_id),
      },
      changes,
      'sampleNotFound',
    );
    return presentSample(updated);
  });
}
