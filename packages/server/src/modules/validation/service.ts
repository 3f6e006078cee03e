import { type InvalidationBody, RECORD_STATUS, SAMPLE_STATUS, type SampleChoiceBody } from '@sil/contract';
import type { Db, Tx } from '../../db/open.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { type WriteOptions, writeTransaction } from '../../lib/transaction.js';
import { assertControlledMachines } from '../ciq/index.js';
import { type DeliveryJobs, openDeliveries } from '../delivery/index.js';
import {
  createRecordReadService,
  followSamples,
  lockedRecord,
  moveSampleStatus,
  presentRecord,
} from '../records/index.js';
import { createReportService } from '../reports/index.js';
import { createResultService } from '../results/index.js';
import type { UploadService } from '../uploads/index.js';
import { recordsToValidate, samplesOfRecord } from './queries.js';

type SampleRow = Awaited<ReturnType<typeof samplesOfRecord>>[number];

/** How many waiting records the validation screen lists: a day's work, never the whole history. */
const QUEUE_LENGTH = 200;

/** The chosen samples of the record, in the order chosen: one not on this record is not found. */
function chosenSamples(all: SampleRow[], ids: readonly string[]): SampleRow[] {
  if (ids.length === 0) return fail('noSamplesValidated');
  const byId = new Map(all.map((sample) => [sample.sample_id, sample]));
  return ids.map((id) => byId.get(id) ?? fail('sampleNotFound', { sample_id: id }));
}

async function nextRecordId(tx: Tx, laboratoryId: string, excluding: string): Promise<string | null> {
  const [next] = await recordsToValidate(tx, laboratoryId, { excluding, limit: 1 });
  return next?.record_id ?? null;
}

export function createValidationService(db: Db, uploads: UploadService, jobs: DeliveryJobs) {
  const reader = createRecordReadService(db);
  const results = createResultService(db);
  const reports = createReportService(db, uploads);

  /** Runs a validation or invalidation step on the locked record and answers it with the next one. */
  const onLockedRecord = (
    auth: Authenticated,
    recordId: string,
    work: (tx: Tx, record: NonNullable<Awaited<ReturnType<typeof lockedRecord>>>) => Promise<void>,
    options: WriteOptions = {},
  ) =>
    writeTransaction(
      db,
      actorOf(auth),
      async (tx) => {
        const laboratoryId = auth.user.laboratory_id;
        const record = (await lockedRecord(tx, laboratoryId, recordId)) ?? fail('recordNotFound');
        await work(tx, record);
        const current = (await lockedRecord(tx, laboratoryId, recordId)) ?? fail('recordNotFound');
        return {
          record: presentRecord(current),
          next_record_id: await nextRecordId(tx, laboratoryId, recordId),
        };
      },
      options,
    );

  return {
    /** The record, its patient and samples, and every sample's results with flags and anteriority. */
    async preview(auth: Authenticated, recordId: string) {
      const [record] = await reader.get(auth, recordId);
      if (!record) return fail('recordNotFound');
      const samples = [];
      // One sample after the other: each read is a handful of indexed queries on one connection.
      for (const sample of record.samples) samples.push(await results.get(auth, sample.sample_id));
      return { record, samples };
    },

    async queue(auth: Authenticated) {
      const rows = await recordsToValidate(db, auth.user.laboratory_id, { limit: QUEUE_LENGTH });
      return rows.map((row) => ({ ...row, record_created: toIso(row.record_created) }));
    },

    /**
     * Validates the chosen samples (spec.md §4 'Validation'): the record must be pending validation,
     * without an active LBloc; each sample without an active NCT or LBloc, its machine's latest
     * control run not rejected (or accepted by a biologist), and done with its
     * technical steps (the status tables refuse any other). The record follows its samples: once all
     * are validated it awaits submission, stamped with the validation time ('validated today').
     * The result report is generated and stored in the same transaction: partial while samples
     * remain, final once all are validated; a validation that cannot store its report does not
     * happen. After an invalidation the report is an amendment, which says what it replaces, and
     * every channel the earlier version went out by goes out again (decision 0023).
     */
    validate: (auth: Authenticated, input: SampleChoiceBody) =>
      onLockedRecord(auth, input.record_id, async (tx, record) => {
        if (record.record_annulr_flag || record.record_status !== RECORD_STATUS.pendingValidation)
          fail('invalidRecordStatusForValidation', { record_status: record.record_status });
        const all = await samplesOfRecord(tx, record.record_id);
        const chosen = chosenSamples(all, input.sample_ids);
        if (record.record_lbloc_flag) fail('activeLBloc');
        for (const sample of chosen) {
          if (sample.sample_nct_active) fail('mustCloseNct', { sample_id: sample.sample_id });
          if (sample.sample_lbloc_flag) fail('sampleIsLocked', { sample_id: sample.sample_id });
        }
        await assertControlledMachines(tx, record.laboratory_id, chosen);
        for (const sample of chosen)
          await moveSampleStatus(tx, sample, record, SAMPLE_STATUS.validated, 'validation');
        const followed = await followSamples(tx, record.record_id, 'validation');
        await reports.storeAtValidation(tx, auth, record.record_id);
        // Validated in full: its report channels become pending (issue 15 'Delivery').
        if (followed.record_status === RECORD_STATUS.pendingSubmission)
          await openDeliveries(tx, followed, jobs);
      }),

    /**
     * Takes validated samples back to 'removed' so that their results may be corrected, and their
     * record back to pending validation, with a reason: on a record pending validation or
     * submission, or sent (the amendment of a report already out, decision 0023). The results stay
     * as they were. Every trace entry of the step carries the reason (`log_comment`), and the
     * invalidation is kept with the version it takes back, for the next report to print.
     */
    invalidate: (auth: Authenticated, input: InvalidationBody) =>
      onLockedRecord(
        auth,
        input.record_id,
        async (tx, record) => {
          if (record.record_annulr_flag || record.record_status < RECORD_STATUS.pendingValidation)
            fail('invalidRecordStatusForInvalidation', { record_status: record.record_status });
          const chosen = chosenSamples(await samplesOfRecord(tx, record.record_id), input.sample_ids);
          for (const sample of chosen)
            await moveSampleStatus(tx, sample, record, SAMPLE_STATUS.removed, 'invalidation');
          await followSamples(tx, record.record_id, 'invalidation');
          await reports.recordInvalidation(
            tx,
            auth,
            record,
            chosen.map((sample) => sample.sample_id),
            input.reason,
          );
        },
        { comment: input.reason },
      ),
  };
}

export type ValidationService = ReturnType<typeof createValidationService>;
