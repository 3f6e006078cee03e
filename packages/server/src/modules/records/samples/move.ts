import { SAMPLE_DONE, type StatusAction } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { records } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { presentSample } from '../present.js';
import { assertSampleMovable, assertStep, followSamples, moveSampleStatus } from '../statuses.js';
import { analysesWithoutResults, sampleInLaboratory } from './queries.js';

/**
 * Moves a sample forward (spec.md §4 'Sample progress'). The same status again changes nothing; a
 * lower one is refused. The technical steps (prepared, injected, removed) are this call's own;
 * 'validated' is validation's and 'report sent' delivery's (invalidStatusTransition). Completing a
 * sample ('removed') while results are missing needs the user's confirmation (`force_save`):
 * without it the answer is the 403 `forceSaveRequired` whose body names the analyses without
 * results, and the screen asks; with it the step is taken as a forced completion. The record
 * follows its samples (processing, then pending validation).
 */
export async function moveSampleForward(
  db: Db,
  auth: Authenticated,
  input: { sample_id: string; sample_status: number; force_save?: boolean | undefined },
) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const sample = await sampleInLaboratory(tx, auth.user.laboratory_id, input.sample_id);
    const [record] = await tx.select().from(records).where(eq(records.record_id, sample.sample_record));
    if (!record) return fail('recordNotFound');
    if (input.sample_status === sample.sample_status) return presentSample(sample);
    assertSampleMovable(record, 'sampleProgress');
    assertStep('sample', sample.sample_status, input.sample_status, 'sampleProgress');
    let action: StatusAction = 'sampleProgress';
    if (input.sample_status === SAMPLE_DONE) {
      const missing = await analysesWithoutResults(tx, sample);
      if (missing.length > 0) {
        if (!input.force_save) fail('forceSaveRequired', { missing_results: missing, force_save: true });
        action = 'forcedCompletion';
      }
    }
    const updated = await moveSampleStatus(tx, sample, record, input.sample_status, action);
    await followSamples(tx, record.record_id, 'sampleProgress');
    return presentSample(updated);
  });
}
