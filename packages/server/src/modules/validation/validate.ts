import { RECORD_STATUS, SAMPLE_STATUS, type SampleChoiceBody } from '@sil/contract';
import type { FileStorage } from '../../adapters/storage.js';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import type { WriteOptions } from '../../lib/transaction.js';
import { assertControlledMachines } from '../ciq/index.js';
import { type DeliveryJobs, openDeliveries } from '../delivery/index.js';
import { openDmpFeed } from '../dmp/index.js';
import { followSamples, moveSampleStatus } from '../records/index.js';
import { storeReportAtValidation } from '../reports/index.js';
import { chosenSamples, onLockedRecord } from './locked-step.js';
import { samplesOfRecord } from './queries.js';

/** What validation needs: the report's attached files, and the queue that sends it. */
export interface ValidationDeps {
  db: Db;
  storage: FileStorage;
  jobs: DeliveryJobs;
}

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
export const validateRecord = (
  { db, storage, jobs }: ValidationDeps,
  auth: Authenticated,
  input: SampleChoiceBody,
  /** Rule-assisted validation names the rules applied in the trace (rules/validate-by-rules.ts). */
  options: WriteOptions = {},
) =>
  onLockedRecord(
    db,
    auth,
    input.record_id,
    async (tx, record) => {
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
      await storeReportAtValidation(storage, tx, auth, record.record_id);
      // Validated in full: its report channels become pending (issue 15 'Delivery').
      // The DMP's send first, so the queue takes it with the others (dmp/open-feed.ts).
      if (followed.record_status === RECORD_STATUS.pendingSubmission) {
        await openDmpFeed(tx, followed);
        await openDeliveries(tx, followed, jobs);
      }
    },
    options,
  );
