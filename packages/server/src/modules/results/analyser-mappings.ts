import type { AnalyserMappingLine, AnalyserMappingRow } from '@sil/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/open.js';
import { parameters } from '../../db/schema/catalogue.js';
import { importMappings } from '../../db/schema/imports.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';

/**
 * An analyser's test codes (issue 41) live in the instrument files' mapping table, with the
 * analyser as its machine and 'analyser' as the file type: one mapping editor, one table.
 */
export const ANALYSER_FILE_TYPE = 'analyser';

const ofMachine = (laboratoryId: string, machineId: string) =>
  and(
    eq(importMappings.laboratory_id, laboratoryId),
    eq(importMappings.mapping_file_type, ANALYSER_FILE_TYPE),
    eq(importMappings.mapping_machine, machineId),
  );

export async function analyserMappingsOf(
  q: Queryable,
  laboratoryId: string,
  machineId: string,
): Promise<AnalyserMappingRow[]> {
  const rows = await q
    .select({
      mapping: importMappings,
      parameter_name: parameters.parameter_name,
      parameter_code: parameters.parameter_code,
    })
    .from(importMappings)
    .innerJoin(parameters, eq(parameters.parameter_id, importMappings.mapping_parameter))
    .where(ofMachine(laboratoryId, machineId))
    .orderBy(importMappings.mapping_instrument_code);
  return rows.map(({ mapping, parameter_name, parameter_code }) => ({
    mapping_id: mapping.mapping_id,
    machine_id: machineId,
    test_code: mapping.mapping_instrument_code,
    parameter_id: mapping.mapping_parameter,
    parameter_name,
    parameter_code: parameter_code ?? null,
    unit_factor: mapping.mapping_unit_factor,
    analyser_unit: mapping.mapping_analyser_unit,
    mapping_last_updated: toIso(mapping.mapping_last_updated),
  }));
}

async function assertParameters(tx: Tx, laboratoryId: string, ids: string[]) {
  if (ids.length === 0) return;
  const known = await tx
    .select({ parameter_id: parameters.parameter_id })
    .from(parameters)
    .where(and(eq(parameters.laboratory_id, laboratoryId), inArray(parameters.parameter_id, ids)));
  const knownIds = new Set(known.map((row) => row.parameter_id));
  const missing = ids.find((id) => !knownIds.has(id));
  if (missing) fail('parameterNotFound', { parameter_id: missing });
}

const rowOf = (laboratoryId: string, machineId: string, line: AnalyserMappingLine) => ({
  laboratory_id: laboratoryId,
  mapping_file_type: ANALYSER_FILE_TYPE,
  mapping_machine: machineId,
  mapping_instrument_code: line.test_code,
  mapping_parameter: line.parameter_id,
  mapping_unit_factor: line.unit_factor ?? null,
  mapping_analyser_unit: line.analyser_unit || null,
});

/** The whole mapping of an analyser, replaced in the caller's transaction (the mapping editor). */
export async function replaceAnalyserMappings(
  tx: Tx,
  laboratoryId: string,
  machineId: string,
  lines: AnalyserMappingLine[],
): Promise<AnalyserMappingRow[]> {
  await assertParameters(tx, laboratoryId, [...new Set(lines.map((line) => line.parameter_id))]);
  await tx.delete(importMappings).where(ofMachine(laboratoryId, machineId));
  if (lines.length > 0)
    await tx.insert(importMappings).values(lines.map((l) => rowOf(laboratoryId, machineId, l)));
  return analyserMappingsOf(tx, laboratoryId, machineId);
}

/** One code learned from the reconciliation queue: added, or its meaning replaced. */
export async function learnAnalyserMapping(
  tx: Tx,
  laboratoryId: string,
  machineId: string,
  line: AnalyserMappingLine,
): Promise<void> {
  await assertParameters(tx, laboratoryId, [line.parameter_id]);
  const row = rowOf(laboratoryId, machineId, line);
  const [updated] = await tx
    .update(importMappings)
    .set({ mapping_parameter: row.mapping_parameter, mapping_unit_factor: row.mapping_unit_factor })
    .where(
      and(ofMachine(laboratoryId, machineId), eq(importMappings.mapping_instrument_code, line.test_code)),
    )
    .returning({ id: importMappings.mapping_id });
  if (!updated) await tx.insert(importMappings).values(row);
}

/** The analyser's code of each parameter of a list (host queries, orders sent to it). */
export async function analyserCodesOf(
  q: Queryable,
  laboratoryId: string,
  machineId: string,
  parameterIds: string[],
) {
  if (parameterIds.length === 0) return [];
  return q
    .select({
      parameter_id: importMappings.mapping_parameter,
      test_code: importMappings.mapping_instrument_code,
      parameter_name: sql<string>`${parameters.parameter_name}`,
    })
    .from(importMappings)
    .innerJoin(parameters, eq(parameters.parameter_id, importMappings.mapping_parameter))
    .where(and(ofMachine(laboratoryId, machineId), inArray(importMappings.mapping_parameter, parameterIds)));
}
