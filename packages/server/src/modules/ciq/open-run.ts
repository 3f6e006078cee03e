import type { Tx } from '../../db/open.js';
import { ciqRuns } from '../../db/schema/ciq.js';
import { fail } from '../../lib/errors.js';
import { machineOf, machineSettings } from './queries.js';

/**
 * A new control run of a machine, carrying the active targets of the analyses the machine runs
 * (spec.md §7 create-ciq-record; the instrument import opens one for the control rows of a file,
 * an analyser's control results one without a person: issue 41).
 */
export async function openRun(tx: Tx, laboratoryId: string, machineId: string, adminUid: string | null) {
  if (!(await machineOf(tx, laboratoryId, machineId))) fail('machineNotFound');
  const settings = await machineSettings(tx, laboratoryId, machineId, true);
  const [run] = await tx
    .insert(ciqRuns)
    .values({
      laboratory_id: laboratoryId,
      ciq_run_machine: machineId,
      ciq_run_settings: settings.map((setting) => setting.ciq_setting_id),
      ciq_run_created_by: adminUid,
    })
    .returning();
  return run ?? fail('ciqRunNotFound');
}
