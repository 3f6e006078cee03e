import type { ImportFileType } from '@sil/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { parameters } from '../../../db/schema/catalogue.js';
import { importMappings } from '../../../db/schema/imports.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertMachine, mappingsOf } from './mappings.js';

interface MappingLine {
  instrument_code: string;
  parameter_id: string;
  pcr_cutoff?: number | null | undefined;
}

/** Replaces the mapping of one type and machine (only that machine's own lines) in one go. */
export async function replaceImportMappings(
  db: Db,
  auth: Authenticated,
  input: { file_type: ImportFileType; machine_id?: string | null | undefined; mappings: MappingLine[] },
) {
  const laboratoryId = auth.user.laboratory_id;
  const machineId = input.machine_id ?? null;
  return writeTransaction(db, actorOf(auth), async (tx) => {
    await assertMachine(tx, laboratoryId, machineId);
    const parameterIds = [...new Set(input.mappings.map((line) => line.parameter_id))];
    if (parameterIds.length > 0) {
      const known = await tx
        .select({ parameter_id: parameters.parameter_id })
        .from(parameters)
        .where(
          and(eq(parameters.laboratory_id, laboratoryId), inArray(parameters.parameter_id, parameterIds)),
        );
      const knownIds = new Set(known.map((row) => row.parameter_id));
      const missing = parameterIds.find((id) => !knownIds.has(id));
      if (missing) fail('parameterNotFound', { parameter_id: missing });
    }
    await tx
      .delete(importMappings)
      .where(
        and(
          eq(importMappings.laboratory_id, laboratoryId),
          eq(importMappings.mapping_file_type, input.file_type),
          machineId ? eq(importMappings.mapping_machine, machineId) : isNull(importMappings.mapping_machine),
        ),
      );
    if (input.mappings.length > 0) {
      await tx.insert(importMappings).values(
        input.mappings.map((line) => ({
          laboratory_id: laboratoryId,
          mapping_file_type: input.file_type,
          mapping_machine: machineId,
          mapping_instrument_code: line.instrument_code,
          mapping_parameter: line.parameter_id,
          mapping_pcr_cutoff: line.pcr_cutoff ?? null,
        })),
      );
    }
    return { mappings: await mappingsOf(tx, laboratoryId, input.file_type, machineId) };
  });
}
