import type { ImportFileType, ImportMappingRow } from '@sil/contract';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/open.js';
import { parameters } from '../../../db/schema/catalogue.js';
import { importMappings } from '../../../db/schema/imports.js';
import { machines } from '../../../db/schema/reference.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { toIso } from '../../../lib/time.js';

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

/** The mapping of one file type and machine (or of the type on any machine): instrument codes to parameters. */
export async function importMappingsOf(
  db: Db,
  auth: Authenticated,
  fileType: ImportFileType,
  machineId: string | undefined,
) {
  const laboratoryId = auth.user.laboratory_id;
  await assertMachine(db, laboratoryId, machineId);
  return { mappings: await mappingsOf(db, laboratoryId, fileType, machineId ?? null) };
}
