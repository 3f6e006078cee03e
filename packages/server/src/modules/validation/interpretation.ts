import { RECORD_STATUS, type RecordInterpretationBody } from '@sil/contract';
import type { Db } from '../../db/open.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertEditable, presentRecord, updateRecordIfUnchanged, visibleRecord } from '../records/index.js';

/**
 * The record's interpretation, written by the biologist on the validation screen. It is part of
 * the report, so once the record is validated in full it changes only through invalidation
 * (amendments, not edits); before that, a change like any other: stamped and traced.
 */
export async function setRecordInterpretation(db: Db, auth: Authenticated, input: RecordInterpretationBody) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const current = await visibleRecord(tx, auth, input.record_id);
    assertEditable(current);
    if (current.record_status >= RECORD_STATUS.pendingSubmission)
      fail('invalidRecordStatusForUpdate', { record_status: current.record_status });
    const updated = await updateRecordIfUnchanged(tx, auth, input, {
      record_interpretation: input.record_interpretation,
    });
    return presentRecord(updated);
  });
}
