import type { Tx } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import { machinesOfAnalyses, rejectedLatestRuns } from './queries.js';

/**
 * Refuses the validation of samples measured on a machine whose latest control run is rejected
 * and not accepted (ciqRunRejected): a passing run or a biologist's acceptance lifts it. A sample
 * is measured on its own machine or, without one, on the machines of its analyses (as worklists
 * read it).
 */
export async function assertControlledMachines(
  tx: Tx,
  laboratoryId: string,
  chosen: readonly { sample_machine: string | null; sample_analyses: string[] }[],
) {
  const machineIds = new Set(
    chosen.flatMap((sample) => (sample.sample_machine ? [sample.sample_machine] : [])),
  );
  const analysisIds = chosen.flatMap((sample) => (sample.sample_machine ? [] : sample.sample_analyses));
  for (const machineId of await machinesOfAnalyses(tx, analysisIds)) machineIds.add(machineId);
  const [rejected] = await rejectedLatestRuns(tx, laboratoryId, [...machineIds]);
  if (rejected) fail('ciqRunRejected', { machine_id: rejected.machine_id, ciq_run_id: rejected.ciq_run_id });
}
