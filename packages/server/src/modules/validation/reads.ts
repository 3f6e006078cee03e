import { type Db, independentReads } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import type { SessionStamps } from '../../lib/session-stamps.js';
import { toIso } from '../../lib/time.js';
import { presentRecordDetail, visibleRecordDetail } from '../records/index.js';
import { recordSamplesResults } from '../results/index.js';
import { recordsToValidate } from './queries.js';

/** How many waiting records the validation screen lists: a day's work, never the whole history. */
const QUEUE_LENGTH = 200;

/** The record, its patient and samples, and every sample's results with flags and anteriority. */
export async function recordPreview(db: Db, auth: Authenticated, recordId: string, stamps?: SessionStamps) {
  // One statement reads the record, its patient and samples for both halves of the answer.
  const detail = await visibleRecordDetail(db, auth, recordId);
  stamps?.found(detail.sessionUnchanged);
  const { record, patient, samples } = detail;
  if (!patient) return fail('recordNotFound');
  const [shown, samplesRead] = await independentReads(db, [
    () => presentRecordDetail(db, auth, detail),
    () => recordSamplesResults(db, auth.user.laboratory_id, { record, patient, samples }),
  ]);
  return { record: shown, samples: samplesRead };
}

/** The records waiting for a biologist, in the order they are taken. */
export async function validationQueue(db: Db, auth: Authenticated) {
  const rows = await recordsToValidate(db, auth.user.laboratory_id, { limit: QUEUE_LENGTH });
  return rows.map((row) => ({ ...row, record_created: toIso(row.record_created) }));
}
