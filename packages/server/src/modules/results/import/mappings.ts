import type { ImportFileType, ImportMappingRow } from '@sil/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/open.js';
import { importMappings, machines, parameters } from '../../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { toIso } from '../../../lib/time.js';
import { writeTransaction } from '../../../lib/transaction.js';

export async function assertMachine(
  q: Queryable,
  laboratoryId: string,
  machineId: string | null | undefined,
) {
  if (!machineId) return;
  const [found] = await q
    .select({ machine_id: machines.machine_id })
    .from(machines)
    .where(and(eq(machines.laboratory_id, laboratoryId), eq(machines.machine_id, machineId)));
  if (!found) fail('machineNotFound');
}

/**
 * The mapping lines of a type for a machine and those for every machine; a machine's own line for
 * a code wins over the every-machine one.
 */
export async function mappingsOf(
  q: Queryable,
  laboratoryId: string,
  fileType: ImportFileType,
  machineId: string | null,
): Promise<ImportMappingRow[]> {
  const machineCondition = machineId
    ? or(isNull(importMappings.mapping_machine), eq(importMappings.mapping_machine, machineId))
    : isNull(importMappings.mapping_machine);
  const rows = await q
    .select({ mapping: importMappings, parameter_name: parameters.parameter_name })
    .from(importMappings)
    .innerJoin(parameters, eq(parameters.parameter_id, importMappings.mapping_parameter))
    .where(
      and(
        eq(importMappings.laboratory_id, laboratoryId),
        eq(importMappings.mapping_file_type, fileType),
        machineCondition,
      ),
    )
    .orderBy(importMappings.mapping_instrument_code);
  const byCode = new Map<string, ImportMappingRow>();
  for (const { mapping, parameter_name } of rows) {
    const current = byCode.get(mapping.mapping_instrument_code);
    if (current && current.mapping_machine !== null) continue;
    const { laboratory_id: _tenant, ...fields } = mapping;
    byCode.set(mapping.mapping_instrument_code, {
      ...fields,
      mapping_file_type: fileType,
      parameter_name,
      mapping_last_updated: toIso(mapping.mapping_last_updated),
    });
  }
  return [...byCode.values()];
}

interface MappingLine {
  instrument_code: string;
  parameter_id: string;
  pcr_cutoff?: number | null | undefined;
}

export function createMappingService(db: Db) {
  return {
    async get(auth: Authenticated, fileType: ImportFileType, machineId: string | undefined) {
      const laboratoryId = auth.user.laboratory_id;
      await assertMachine(db, laboratoryId, machineId);
      return { mappings: await mappingsOf(db, laboratoryId, fileType, machineId ?? null) };
    },

    /** Replaces the mapping of one type and machine (only that machine's own lines) in one go. */
    async replace(
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
              machineId
                ? eq(importMappings.mapping_machine, machineId)
                : isNull(importMappings.mapping_machine),
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
    },
  };
}
