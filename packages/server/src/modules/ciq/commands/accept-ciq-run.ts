import type { AcceptCiqRunBody } from '@sil/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { ciqRuns } from '../../../db/schema/ciq.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { answerRun, onLockedRun } from '../locked-run.js';

/** A biologist takes responsibility for a rejected run; the reason stays in the run and the trail. */
export const acceptCiqRun = (db: Db, auth: Authenticated, body: AcceptCiqRunBody) =>
  onLockedRun(db, auth, body.ciq_run_id, async (tx, run) => {
    if (run.ciq_run_status !== 'rejected') fail('ciqRunNotRejected');
    await tx
      .update(ciqRuns)
      .set({
        ciq_run_status: 'accepted',
        ciq_run_accepted_by: auth.user.admin_uid,
        ciq_run_accepted_at: sql`now()`,
        ciq_run_accept_reason: body.ciq_run_accept_reason.trim(),
        ciq_run_last_updated: sql`now()`,
      })
      .where(eq(ciqRuns.ciq_run_id, run.ciq_run_id));
    return answerRun(tx, run.laboratory_id, run.ciq_run_id);
  });
