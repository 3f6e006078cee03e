import type { Tx } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { insertInvalidation } from './report-store.js';

/**
 * Called by invalidation with the record locked: the reason, against the version it takes
 * back, for the next validation's report to print.
 */
export async function keepInvalidation(
  tx: Tx,
  auth: Authenticated,
  record: { laboratory_id: string; record_id: string },
  sampleIds: string[],
  reason: string,
) {
  await insertInvalidation(tx, {
    laboratory_id: record.laboratory_id,
    record_id: record.record_id,
    sample_ids: sampleIds,
    reason,
    by: auth.user.admin_uid,
  });
}
