import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { recordDetail } from '../records/index.js';
import { samplesResults } from '../results/index.js';
import { recordsToValidate } from './queries.js';

/** How many waiting records the validation screen lists: a day's work, never the whole history. */
const QUEUE_LENGTH = 200;

/** The record, its patient and samples, and every sample's results with flags and anteriority. */
export async function recordPreview(db: Db, auth: Authenticated, recordId: string) {
  const [record] = await recordDetail(db, auth, recordId);
  if (!record) return fail('recordNotFound');
  const samples = await samplesResults(
    db,
    auth.user.laboratory_id,
    record.samples.map((sample) => sample.sample_id),
  );
  return { record, samples };
}

/** The records waiting for a biologist, in the order they are taken. */
export async function validationQueue(db: Db, auth: Authenticated) {
  const rows = await recordsToValidate(db, auth.user.laboratory_id, { limit: QUEUE_LENGTH });
  return rows.map((row) => ({ ...row, record_created: toIso(row.record_created) }));
}
