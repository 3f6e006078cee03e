import { z } from 'zod';
import { analyses, parameters } from '../reference/catalogue.js';
import { type EntityName, entities } from '../reference/entities.js';
import { stamp } from './stamps.js';

const { matrices, families, machines, sample_types, clinics, collectors, prescribers, nabms } = entities;

/** Reference rows are stored as their definition's fields, with the id and stamp the server adds. */
export const MatrixRow = z.object({
  matrix_id: z.uuid(),
  ...matrices.fields,
  matrix_last_updated: stamp,
});
export const FamilyRow = z.object({
  family_id: z.uuid(),
  ...families.fields,
  family_last_updated: stamp,
});
export const MachineRow = z.object({
  machine_id: z.uuid(),
  ...machines.fields,
  machine_last_updated: stamp,
});
export const SampleTypeRow = z.object({
  sample_type_id: z.uuid(),
  ...sample_types.fields,
  sample_type_last_updated: stamp,
});
export const ClinicRow = z.object({
  clinic_id: z.uuid(),
  ...clinics.fields,
  clinic_last_updated: stamp,
});
export const CollectorRow = z.object({
  collector_id: z.uuid(),
  ...collectors.fields,
  collector_last_updated: stamp,
});
export const PrescriberRow = z.object({
  prescriber_id: z.uuid(),
  ...prescribers.fields,
  prescriber_last_updated: stamp,
});
/** NABM acts are named by their national code, which is their id. */
export const NabmRow = z.object({ ...nabms.fields, nabm_last_updated: stamp });
/**
 * A stored formula was checked when it was written: a row read back carries it as text, so that a
 * screen listing parameters needs no formula parser (mathjs stays out of the screens that only read).
 */
const storedFormula = z.string().nullable().optional();
export const ParameterRow = z.object({
  parameter_id: z.uuid(),
  ...parameters.fields,
  parameter_formula: storedFormula,
  parameter_formula_male: storedFormula,
  parameter_formula_female: storedFormula,
  parameter_last_updated: stamp,
});
export const AnalysisRow = z.object({
  analysis_id: z.uuid(),
  ...analyses.fields,
  analysis_last_updated: stamp,
});

/** The row schema of each reference table, by the table's name in `entities`. */
export const referenceRows = {
  matrices: MatrixRow,
  families: FamilyRow,
  machines: MachineRow,
  sample_types: SampleTypeRow,
  clinics: ClinicRow,
  collectors: CollectorRow,
  prescribers: PrescriberRow,
  nabms: NabmRow,
  parameters: ParameterRow,
  analyses: AnalysisRow,
} as const satisfies Record<EntityName, z.ZodObject>;

export type ReferenceRow<N extends EntityName> = z.output<(typeof referenceRows)[N]>;
/** The same map typed per table, so that code generic over the table keeps the row type it picks. */
export const referenceRowSchemas: { [N in EntityName]: z.ZodType<ReferenceRow<N>> } = referenceRows;
export type MatrixRow = ReferenceRow<'matrices'>;
export type FamilyRow = ReferenceRow<'families'>;
export type MachineRow = ReferenceRow<'machines'>;
export type SampleTypeRow = ReferenceRow<'sample_types'>;
export type ClinicRow = ReferenceRow<'clinics'>;
export type CollectorRow = ReferenceRow<'collectors'>;
export type PrescriberRow = ReferenceRow<'prescribers'>;
export type NabmRow = ReferenceRow<'nabms'>;
export type ParameterRow = ReferenceRow<'parameters'>;
export type AnalysisRow = ReferenceRow<'analyses'>;

/** The row schema of a reference table's definition (the generic routes are built from definitions). */
export function referenceRowOf(entity: { table: string }): z.ZodObject {
  const row: z.ZodObject | undefined = (referenceRows as Record<string, z.ZodObject>)[entity.table];
  if (!row) throw new Error(`no row schema for the reference table ${entity.table}`);
  return row;
}
