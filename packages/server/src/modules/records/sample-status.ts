import { RECORD_STATUS } from '@sil/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { records, samples } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { actorOf } from '../auth/actor.js';
import type { Authenticated } from '../auth/session-service.js';
import { presentSample } from './present.js';

/** Sample progress of spec.md §4: prepared, injected, removed, validated, report sent. */
export const SAMPLE_STATUS = {
  created: 0,
  prepared: 1,
  injected: 2,
  removed: 3,
  validated: 4,
  reportSent: 5,
} as const;

/**
 * Moves a sample forward. The same status again changes nothing; a lower one is refused. Validating
 * needs the validation right and no active NCT or LBloc. The first step on a sample moves its record
 * to 'processing'.
 */
export async function updateSampleStatus(
  db: Db,
  auth: Authenticated,
  input: { sample_id: string; sample_status: number },
) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const [sample] = await tx
      .select()
      .from(samples)
      .where(and(eq(samples.laboratory_id, auth.user.laboratory_id), eq(samples.sample_id, input.sample_id)));
    if (!sample) return fail('sampleNotFound');
    if (input.sample_status === sample.sample_status) return presentSample(sample);
    if (input.sample_status < sample.sample_status) return fail('cannotDowngradeStatus');
    if (input.sample_status >= SAMPLE_STATUS.validated) {
      if (!auth.rights.validation_admin) fail('insufficientRights');
      if (sample.sample_nct_active) fail('mustCloseNct');
      if (sample.sample_lbloc_flag) fail('sampleIsLocked');
    }
    const [record] = await tx.select().from(records).where(eq(records.record_id, sample.sample_record));
    if (record?.record_locked) fail('cannotEditLock');
    if (record?.record_annulr_flag) fail('invalidRecordStatusForUpdate');
    const [updated] = await tx
      .update(samples)
      .set({ sample_status: input.sample_status })
      .where(eq(samples.sample_id, sample.sample_id))
      .returning();
    await tx
      .update(records)
      .set({ record_status: RECORD_STATUS.processing })
      .where(
        and(eq(records.record_id, sample.sample_record), lt(records.record_status, RECORD_STATUS.processing)),
      );
    return presentSample(updated ?? sample);
  });
}
