import type { Db } from '../../../db/open.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { openRun } from '../open-run.js';
import { presentRun } from '../queries.js';

/** spec.md §7 create-ciq-record: a run of the machine with the active targets of its analyses. */
export const openCiqRun = (db: Db, auth: Authenticated, machineId: string) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const run = await openRun(tx, auth.user.laboratory_id, machineId, auth.user.admin_uid);
    return presentRun(tx, run);
  });
