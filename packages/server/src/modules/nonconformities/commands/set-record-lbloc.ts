import type { UpdateRecordLblocBody } from '@sil/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable, lockedRecord, markRecord, presentRecord } from '../../records/index.js';
import { emptyToNull } from '../changes.js';

/** Sets or lifts a record's LBloc; lifting keeps the description, so that the trace and the record tell why. */
export function setRecordLbloc(db: Db, auth: Authenticated, input: z.output<typeof UpdateRecordLblocBody>) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const record = (await lockedRecord(tx, laboratoryId, input.record_id)) ?? fail('recordNotFound');
    assertEditable(record);
    const updated = await markRecord(tx, record, input.record_last_updated, {
      record_lbloc_flag: input.record_lbloc_flag,
      ...(input.record_lbloc_flag
        ? { record_lbloc_description: emptyToNull(input.record_lbloc_description) }
        : {}),
    });
    return presentRecord(updated);
  });
}
