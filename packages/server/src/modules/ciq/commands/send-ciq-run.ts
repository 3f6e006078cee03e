import type { CiqRun } from '@sil/contract';
import { eq, sql } from 'drizzle-orm';
import { type QcService, QcServiceUnreachable } from '../../../adapters/qc-service.js';
import type { Db } from '../../../db/open.js';
import { ciqRuns } from '../../../db/schema/ciq.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { answerRun } from '../locked-run.js';
import { presentRun, runOf } from '../queries.js';

/** Sends the run to the external QC service (outside any transaction: the network may be slow). */
export async function sendCiqRun(
  deps: { db: Db; qcService: QcService },
  auth: Authenticated,
  runId: string,
): Promise<CiqRun> {
  const { db, qcService } = deps;
  const laboratoryId = auth.user.laboratory_id;
  const run = (await runOf(db, laboratoryId, runId)) ?? fail('ciqRunNotFound');
  const presented = await presentRun(db, run);
  const settings = new Map(presented.settings.map((s) => [s.ciq_setting_id, s]));
  try {
    await qcService.submit({
      laboratory_id: laboratoryId,
      machine_id: presented.machine_id,
      ciq_run_id: presented.ciq_run_id,
      values: presented.values.map((value) => {
        const setting = settings.get(value.ciq_setting_id);
        return {
          parameter_id: setting?.parameter_id ?? value.ciq_setting_id,
          level: setting?.ciq_level ?? '',
          lot: setting?.ciq_lot ?? '',
          value: value.ciq_value,
          rules: value.ciq_rules,
        };
      }),
    });
  } catch (error) {
    if (error instanceof QcServiceUnreachable) return fail('qcServiceConnectionFailed');
    throw error;
  }
  return writeTransaction(db, actorOf(auth), async (tx) => {
    await tx
      .update(ciqRuns)
      .set({ ciq_run_sent_at: sql`now()`, ciq_run_last_updated: sql`now()` })
      .where(eq(ciqRuns.ciq_run_id, runId));
    return answerRun(tx, laboratoryId, runId);
  });
}
