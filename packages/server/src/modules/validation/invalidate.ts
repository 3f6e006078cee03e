import { type InvalidationBody, RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { followSamples, moveSampleStatus } from '../records/index.js';
import { keepInvalidation } from '../reports/index.js';
import { chosenSamples, onLockedRecord } from './locked-step.js';
import { samplesOfRecord } from './queries.js';

/**
 * Takes validated samples back to 'removed' so that their results may be corrected, and their
 * record back to pending validation, with a reason: on a record pending validation or
 * submission, or sent (the amendment of a report already out, decision 0023). The results stay
 * as they were. Every trace entry of the step carries the reason (`log_comment`), and the
 * invalidation is kept with the version it takes back, for the next report to print.
 */
export const invalidateRecord = (db: Db, auth: Authenticated, input: InvalidationBody) =>
  onLockedRecord(
    db,
    auth,
    input.record_id,
    async (tx, record) => {
      if (record.record_annulr_flag || record.record_status < RECORD_STATUS.pendingValidation)
        fail('invalidRecordStatusForInvalidation', { record_status: record.record_status });
      const chosen = chosenSamples(await samplesOfRecord(tx, record.record_id), input.sample_ids);
      for (const sample of chosen)
        await moveSampleStatus(tx, sample, record, SAMPLE_STATUS.removed, 'invalidation');
      await followSamples(tx, record.record_id, 'invalidation');
      await keepInvalidation(
        tx,
        auth,
        record,
        chosen.map((sample) => sample.sample_id),
        input.reason,
      );
    },
    { comment: input.reason },
  );
