import type { Tx } from '../../db/open.js';
import { openDmpSend } from '../delivery/index.js';
import type { RecordRow } from '../records/index.js';
import { dmpEligibility } from './eligibility.js';
import { setDmpState } from './state.js';

/**
 * At validation, before the report channels open (validation/validate.ts): a record the DMP may
 * receive gets its 'dmp' send, queued with the others; one it may not is 'not_sent' with the
 * reason, shown on the record. Validated again after an invalidation, the amended version goes and
 * replaces the one the DMP holds (send.ts).
 */
export async function openDmpFeed(tx: Tx, record: RecordRow): Promise<void> {
  const reason = await dmpEligibility(tx, record);
  if (reason) {
    await setDmpState(tx, record, 'not_sent', { dmp_reason: reason });
    return;
  }
  await setDmpState(tx, record, 'sending', { dmp_reason: null });
  await openDmpSend(tx, record);
}
