import {
  type AddSampleBody,
  type ListQuery,
  SAMPLE_DONE,
  type StatusAction,
  type UpdateSampleBody,
} from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { records, samples } from '../../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { updateIfUnchanged } from '../../../lib/concurrency.js';
import { fail } from '../../../lib/errors.js';
import { listRows } from '../../../lib/list/query.js';
import type { SessionStamps } from '../../../lib/session-stamps.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable, assertSampleReferences } from '../guards.js';
import { presentSample } from '../present.js';
import { assertSampleMovable, assertStep, followSamples, moveSampleStatus } from '../statuses.js';
import { addSample } from './add.js';
import { analysesWithoutResults, sampleDetail, sampleInLaboratory, sampleSource } from './queries.js';

export function createSampleService(db: Db) {
  return {
    list: (auth: Authenticated, query: ListQuery) =>
      listRows(db, sampleSource, auth.user.laboratory_id, query),

    /** One sample, in one statement that also tells `stamps` whether the caller's session moved. */
    async get(auth: Authenticated, sampleId: string, stamps?: SessionStamps) {
      const { sample, sessionUnchanged } = await sampleDetail(db, auth, sampleId);
      stamps?.found(sessionUnchanged);
      return [presentSample(sample)];
    },

    /**
     * The bench's changes to a sample (machine, collection, observations, interpretation): on a
     * record still open to changes, with the stamp read, and references of the laboratory only.
     */
    async update(auth: Authenticated, input: z.output<typeof UpdateSampleBody>) {
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
    },

    add: (auth: Authenticated, input: z.output<typeof AddSampleBody>) =>
      writeTransaction(db, actorOf(auth), async (tx) => presentSample(await addSample(tx, auth, input))),

    /**
     * Moves a sample forward (spec.md §4 'Sample progress'). The same status again changes nothing; a
     * lower one is refused. The technical steps (prepared, injected, removed) are this call's own;
     * 'validated' is validation's and 'report sent' delivery's (invalidStatusTransition). Completing a
     * sample ('removed') while results are missing needs the user's confirmation (`force_save`):
     * without it the answer is the 403 `forceSaveRequired` whose body names the analyses without
     * results, and the screen asks; with it the step is taken as a forced completion. The record
     * follows its samples (processing, then pending validation).
     */
    async updateStatus(
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
    },
  };
}

export type SampleService = ReturnType<typeof createSampleService>;
