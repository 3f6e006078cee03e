import type { AddNcaBody } from '@sil/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { recordNcas } from '../../../db/schema/nonconformities.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { lockedRecord } from '../../records/index.js';
import { emptyToNull, followNcas } from '../changes.js';
import { nonconformitiesOf } from '../queries.js';

/**
 * An NCA may be raised on any record not locked, a sent one included: an identity error is often
 * found after the report left, and it must be kept all the same. The trace entries carry its code.
 */
export function raiseNca(db: Db, auth: Authenticated, input: z.output<typeof AddNcaBody>) {
  return writeTransaction(
    db,
    actorOf(auth),
    async (tx) => {
      const record =
        (await lockedRecord(tx, auth.user.laboratory_id, input.record_id)) ?? fail('recordNotFound');
      if (record.record_locked) fail('cannotEditLock');
      await tx.insert(recordNcas).values({
        laboratory_id: auth.user.laboratory_id,
        nca_record: record.record_id,
        nca_code: input.nca_code,
        nca_description: emptyToNull(input.nca_description),
        nca_created_by: auth.user.admin_uid,
      });
      await followNcas(tx, record);
      return nonconformitiesOf(tx, record.record_id);
    },
    { nca: input.nca_code },
  );
}
