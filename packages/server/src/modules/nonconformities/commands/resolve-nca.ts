import type { ResolveNcaBody } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { recordNcas } from '../../../db/schema/nonconformities.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { lockedRecord } from '../../records/index.js';
import { followNcas } from '../changes.js';
import { lockedNca, nonconformitiesOf } from '../queries.js';

/** An NCA gets its solution, once, while its record is not locked. */
export function resolveNca(db: Db, auth: Authenticated, input: z.output<typeof ResolveNcaBody>) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const nca = (await lockedNca(tx, laboratoryId, input.nca_id)) ?? fail('ncaNotFound');
    const record = (await lockedRecord(tx, laboratoryId, nca.nca_record)) ?? fail('ncaNotFound');
    if (record.record_locked) fail('cannotEditLock');
    if (nca.nca_resolved) fail('ncaAlreadyResolved');
    await tx
      .update(recordNcas)
      .set({
        nca_resolved: true,
        nca_solution: input.nca_solution,
        nca_resolved_by: auth.user.admin_uid,
        nca_resolved_at: new Date().toISOString(),
      })
      .where(and(eq(recordNcas.nca_id, nca.nca_id), eq(recordNcas.laboratory_id, laboratoryId)));
    await followNcas(tx, record);
    return nonconformitiesOf(tx, record.record_id);
  });
}
