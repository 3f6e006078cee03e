import type { AnalyserMappingLine } from '@sil/contract';
import type { Db } from '../../../db/open.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { analyserMappingsOf, replaceAnalyserMappings } from '../../results/index.js';
import { assertMachine } from './reads.js';

export async function analyserMappings(db: Db, auth: Authenticated, machineId: string) {
  await assertMachine(db, auth.user.laboratory_id, machineId);
  return { mappings: await analyserMappingsOf(db, auth.user.laboratory_id, machineId) };
}

/** update-analyser-mappings: the mapping editor's whole table for one analyser. */
export const updateAnalyserMappings = (
  db: Db,
  auth: Authenticated,
  body: { machine_id: string; mappings: AnalyserMappingLine[] },
) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    await assertMachine(tx, auth.user.laboratory_id, body.machine_id);
    return {
      mappings: await replaceAnalyserMappings(tx, auth.user.laboratory_id, body.machine_id, body.mappings),
    };
  });
