import type { AddCiqValuesBody } from '@sil/contract';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { answerRun, onLockedRun } from '../locked-run.js';
import { writeRunValues } from '../run-values.js';

/**
 * Each new value is read against its target and the values before it in its series; the run
 * is rejected as soon as one value breaks a rejecting rule. A run once rejected or accepted
 * takes no more values (repeating it is a new run), and a value entered stays: the chart is
 * the history.
 */
export const enterCiqValues = (db: Db, auth: Authenticated, body: AddCiqValuesBody) =>
  onLockedRun(db, auth, body.ciq_run_id, async (tx, run) => {
    if (run.ciq_run_status === 'rejected' || run.ciq_run_status === 'accepted') fail('ciqRunClosed');
    await writeRunValues(tx, run, body.values);
    return answerRun(tx, run.laboratory_id, run.ciq_run_id);
  });
