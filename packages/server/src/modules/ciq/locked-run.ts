import type { CiqRun } from '@sil/contract';
import type { Db, Tx } from '../../db/open.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { lockedRun, presentRun, type RunRow } from './queries.js';

/** A change to one control run of the caller's laboratory, locked for the transaction. */
export const onLockedRun = <T>(
  db: Db,
  auth: Authenticated,
  runId: string,
  work: (tx: Tx, run: RunRow) => Promise<T>,
) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const run = (await lockedRun(tx, auth.user.laboratory_id, runId)) ?? fail('ciqRunNotFound');
    return work(tx, run);
  });

/** The run as it reads after the change. */
export const answerRun = async (tx: Tx, laboratoryId: string, runId: string): Promise<CiqRun> =>
  presentRun(tx, (await lockedRun(tx, laboratoryId, runId)) ?? fail('ciqRunNotFound'));
