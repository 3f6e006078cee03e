import type { Tx } from '../db/open.js';
import { analyses, parameters } from '../db/schema/catalogue.js';
import { nabms } from '../db/schema/nabms.js';
import { families, machines, matrices, sampleTypes } from '../db/schema/reference.js';
import {
  ANALYSES,
  DEMO_LOINC,
  DEMO_PLAUSIBLE,
  type DemoParameter,
  FAMILIES,
  MACHINES,
  MATRICES,
  NABM_ACTS,
  TUBES,
} from './demo-catalogue-data.js';

/** Inserts rows keyed by the demo's own keys and gives back each key's id. */
async function insertKeyed<K extends string, Row>(
  entries: Array<[K, Row]>,
  insert: (rows: Row[]) => Promise<string[]>,
): Promise<Record<K, string>> {
  const ids = await insert(entries.map(([, row]) => row));
  return Object.fromEntries(entries.map(([key], index) => [key, ids[index]])) as Record<K, string>;
}

function parameterRow(
  parameter: DemoParameter,
  context: { laboratory_id: string; rank: number; machine: string; family: string; matrix: string },
) {
  const hasFormula = Boolean(parameter.formula ?? parameter.formulaMale ?? parameter.formulaFemale);
  return {
    laboratory_id: context.laboratory_id,
    parameter_name: parameter.name,
    parameter_rank: context.rank,
    parameter_code: parameter.code,
    parameter_loinc: DEMO_LOINC[parameter.code] ?? null,
    parameter_machine: context.machine,
    parameter_family: context.family,
    parameter_matrix: context.matrix,
    parameter_method: parameter.method ?? null,
    parameter_unit: parameter.unit || null,
    parameter_decimals: parameter.decimals,
    parameter_positivity_threshold: parameter.threshold ?? null,
    parameter_is_forensic: parameter.forensic ?? false,
    parameter_lower_detection_limit: parameter.lod ?? null,
    parameter_upper_detection_limit: parameter.upperLimit ?? null,
    parameter_plausible_min: DEMO_PLAUSIBLE[parameter.code]?.[0] ?? null,
    parameter_plausible_max: DEMO_PLAUSIBLE[parameter.code]?.[1] ?? null,
    parameter_has_formula: hasFormula,
    parameter_formula: parameter.formula ?? null,
    parameter_formula_male: parameter.formulaMale ?? null,
    parameter_formula_female: parameter.formulaFemale ?? null,
    parameter_unit_after_calc: parameter.unitAfter ?? null,
    parameter_show_before_after: hasFormula,
    parameter_ranges: (parameter.ranges ?? []).map(([population, min, max, comment]) => ({
      matrix_id: null,
      population,
      min,
      max,
      comment: comment ?? null,
      delta: null,
      post_conversion_comment: null,
    })),
    parameter_zones: parameter.zones ?? {},
  };
}

/** The demo catalogue: reference tables, NABM acts, parameters and the analyses that group them. */
export async function seedDemoCatalogue(tx: Tx, laboratory_id: string): Promise<void> {
  const matrix = await insertKeyed(
    Object.entries(MATRICES) as Array<[keyof typeof MATRICES, string]>,
    (rows) =>
      tx
        .insert(matrices)
        .values(rows.map((matrix_name) => ({ laboratory_id, matrix_name })))
        .returning({ id: matrices.matrix_id })
        .then((r) => r.map((row) => row.id)),
  );
  const tube = await insertKeyed(
    Object.entries(TUBES) as Array<[keyof typeof TUBES, (typeof TUBES)['edta']]>,
    (rows) =>
      tx
        .insert(sampleTypes)
        .values(
          rows.map((row) => ({
            laboratory_id,
            sample_type_name: row.name,
            sample_type_description: row.description,
          })),
        )
        .returning({ id: sampleTypes.sample_type_id })
        .then((r) => r.map((row) => row.id)),
  );
  const family = await insertKeyed(
    Object.entries(FAMILIES) as Array<[keyof typeof FAMILIES, (typeof FAMILIES)['haematology']]>,
    (rows) =>
      tx
        .insert(families)
        .values(
          rows.map((row) => ({
            laboratory_id,
            family_name: row.name,
            family_rank: row.rank,
            family_chapter: row.chapter,
          })),
        )
        .returning({ id: families.family_id })
        .then((r) => r.map((row) => row.id)),
  );
  const machine = await insertKeyed(
    Object.entries(MACHINES) as Array<[keyof typeof MACHINES, (typeof MACHINES)['sysmex']]>,
    (rows) =>
      tx
        .insert(machines)
        .values(
          rows.map((row) => ({
            laboratory_id,
            machine_name: row.name,
            machine_code: row.code,
            machine_location: row.location,
          })),
        )
        .returning({ id: machines.machine_id })
        .then((r) => r.map((row) => row.id)),
  );
  await tx.insert(nabms).values(
    NABM_ACTS.map((act) => ({
      laboratory_id,
      nabm_code: act.code,
      nabm_wording: act.wording,
      nabm_chapter: act.chapter,
      nabm_coef_b: act.coef,
    })),
  );

  const parameterRows = ANALYSES.flatMap((analysis) =>
    analysis.parameters.map((parameter, index) =>
      parameterRow(parameter, {
        laboratory_id,
        rank: index + 1,
        machine: machine[analysis.machine],
        family: family[analysis.family],
        matrix: matrix[analysis.matrix],
      }),
    ),
  );
  const parameterIds = (
    await tx.insert(parameters).values(parameterRows).returning({ id: parameters.parameter_id })
  ).map((row) => row.id);

  let next = 0;
  await tx.insert(analyses).values(
    ANALYSES.map((analysis) => {
      const ids = parameterIds.slice(next, next + analysis.parameters.length);
      next += analysis.parameters.length;
      return {
        laboratory_id,
        analysis_name: analysis.name,
        analysis_matrix: matrix[analysis.matrix],
        analysis_family: family[analysis.family],
        analysis_sample_type: tube[analysis.tube],
        analysis_nabm_codes: analysis.nabm,
        analysis_machines: [machine[analysis.machine]],
        analysis_parameters: ids,
        analysis_is_forensic: analysis.forensic ?? false,
        analysis_dmp_invisible: analysis.dmpInvisible ?? false,
        analysis_requires_sampling_time: analysis.samplingTime ?? false,
        analysis_accredited_15189: !analysis.forensic,
        analysis_accredited_17025: analysis.forensic ?? false,
      };
    }),
  );
}
