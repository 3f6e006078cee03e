import { RECORD_STATUS, type RecordDmp } from '@sil/contract';
import type { Db } from '../../db/open.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { visibleRecord } from '../records/index.js';
import { recordDmp } from './reads.js';
import { dmpRowOf, setDmpState } from './state.js';

/**
 * The biologist hides a record from the patient in the DMP until a consultation, or lets it be
 * seen, against what its analyses' flags say (null: follow them). Decided before the record goes:
 * once the DMP holds this version the choice can no longer change it (dmpAlreadySent); an amended
 * version, after an invalidation, takes the choice as it then is.
 */
export async function updateRecordDmp(
  db: Db,
  auth: Authenticated,
  input: { record_id: string; dmp_invisible_override: boolean | null },
): Promise<RecordDmp> {
  await writeTransaction(db, actorOf(auth), async (tx) => {
    const record = await visibleRecord(tx, auth, input.record_id);
    const row = await dmpRowOf(tx, record.record_id);
    const going = row?.dmp_state === 'sent' || row?.dmp_state === 'sending';
    if (going && record.record_status >= RECORD_STATUS.pendingSubmission) fail('dmpAlreadySent');
    await setDmpState(tx, record, (row?.dmp_state as RecordDmp['dmp_state'] | undefined) ?? 'none', {
      dmp_invisible_override: input.dmp_invisible_override,
    });
  });
  return recordDmp(db, auth, input.record_id);
}
