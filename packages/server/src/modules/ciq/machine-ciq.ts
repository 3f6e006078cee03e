import type { MachineCiq } from '@sil/contract';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { latestRuns, machineOf, machineSettings, presentRun } from './queries.js';

const RUNS_SHOWN = 20;

/** A machine's control targets and its latest runs. */
export async function machineCiq(db: Db, auth: Authenticated, machineId: string): Promise<MachineCiq> {
  const laboratoryId = auth.user.laboratory_id;
  if (!(await machineOf(db, laboratoryId, machineId))) return fail('machineNotFound');
  const runs = await latestRuns(db, laboratoryId, machineId, RUNS_SHOWN);
  const presented = [];
  for (const run of runs) presented.push(await presentRun(db, run));
  return { settings: await machineSettings(db, laboratoryId, machineId, false), runs: presented };
}
