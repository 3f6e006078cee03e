import { type ListQuery, RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { records, samples } from '../../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { listRows } from '../../../lib/list/query.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertUnlocked } from '../guards.js';
import { presentSample } from '../present.js';
import { sampleInLaboratory, sampleSource } from './queries.js';

export function createSampleService(db: Db) {
  return {
    list: (auth: Authenticated, query: ListQuery) =>
      listRows(db, sampleSource, auth.user.laboratory_id, query),

    async get(auth: Authenticated, sampleId: string) {
      return [presentSample(await sampleInLaboratory(db, auth.user.laboratory_id, sampleId))];
    },

    /**
     * Moves a sample forward. The same status again changes nothing; a lower one is refused.
     * Validating needs the validation right and no active NCT or LBloc. The first step on a sample
     * moves its record to 'processing'.
     */
    async updateStatus(auth: Authenticated, input: { sample_id: string; sample_status: number }) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const sample = await sampleInLaboratory(tx, auth.user.laboratory_id, input.sample_id);
        if (input.sample_status === sample.sample_status) return presentSample(sample);
        if (input.sample_status < sample.sample_status) return fail('cannotDowngradeStatus');
        if (input.sample_status >= SAMPLE_STATUS.validated) {
          if (!auth.rights.validation_admin) fail('insufficientRights');
          if (sample.sample_nct_active) fail('mustCloseNct');
          if (sample.sample_lbloc_flag) fail('sampleIsLocked');
        }
        const [record] = await tx.select().from(records).where(eq(records.record_id, sample.sample_record));
        if (record) assertUnlocked(record);
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
            and(
              eq(records.record_id, sample.sample_record),
              lt(records.record_status, RECORD_STATUS.processing),
            ),
          );
        return presentSample(updated ?? sample);
      });
    },
  };
}

export type SampleService = ReturnType<typeof createSampleService>;
