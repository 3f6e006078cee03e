import type { CiqRun, CiqSettingRow, CiqValueRow } from '@sil/contract';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/open.js';
import { analyses, parameters } from '../../db/schema/catalogue.js';
import { ciqRuns, ciqSettings, ciqValues } from '../../db/schema/ciq.js';
import { machines } from '../../db/schema/reference.js';
import { presentRow } from '../../lib/time.js';

const RUN_STAMPS = ['ciq_run_created_at', 'ciq_run_accepted_at', 'ciq_run_sent_at'] as const;

export type RunRow = typeof ciqRuns.$inferSelect;
type ValueRow = typeof ciqValues.$inferSelect;

export async function machineOf(q: Queryable, laboratoryId: string, machineId: string) {
  const [machine] = await q
    .select({ machine_id: machines.machine_id })
    .from(machines)
    .where(and(eq(machines.machine_id, machineId), eq(machines.laboratory_id, laboratoryId)));
  return machine;
}

const settingColumns = {
  setting: ciqSettings,
  analysis_name: analyses.analysis_name,
  parameter_name: parameters.parameter_name,
};

function presentSetting(row: {
  setting: typeof ciqSettings.$inferSelect;
  analysis_name: string;
  parameter_name: string;
}): CiqSettingRow {
  const { setting } = row;
  return {
    ciq_setting_id: setting.ciq_setting_id,
    analysis_id: setting.ciq_analysis,
    analysis_name: row.analysis_name,
    parameter_id: setting.ciq_parameter,
    parameter_name: row.parameter_name,
    ciq_level: setting.ciq_level,
    ciq_lot: setting.ciq_lot,
    ciq_mean: setting.ciq_mean,
    ciq_sd: setting.ciq_sd,
    ciq_active: setting.ciq_active,
    ciq_last_updated: presentRow(setting, ['ciq_last_updated']).ciq_last_updated as string,
  };
}

const settingsWhere = (q: Queryable, where: ReturnType<typeof and>) =>
  q
    .select(settingColumns)
    .from(ciqSettings)
    .innerJoin(analyses, eq(analyses.analysis_id, ciqSettings.ciq_analysis))
    .innerJoin(parameters, eq(parameters.parameter_id, ciqSettings.ciq_parameter))
    .where(where)
    .orderBy(
      asc(analyses.analysis_name),
      asc(parameters.parameter_name),
      asc(ciqSettings.ciq_level),
      asc(ciqSettings.ciq_lot),
    );

/** The settings of the analyses that run on the machine with CIQ enabled (active ones only if asked). */
export async function machineSettings(
  q: Queryable,
  laboratoryId: string,
  machineId: string,
  activeOnly: boolean,
): Promise<CiqSettingRow[]> {
  const rows = await settingsWhere(
    q,
    and(
      eq(ciqSettings.laboratory_id, laboratoryId),
      eq(analyses.analysis_ciq_enabled, true),
      sql`${machineId}::uuid = ANY(${analyses.analysis_machines})`,
      activeOnly ? eq(ciqSettings.ciq_active, true) : undefined,
    ),
  );
  return rows.map(presentSetting);
}

export async function settingsByIds(
  q: Queryable,
  laboratoryId: string,
  ids: readonly string[],
): Promise<CiqSettingRow[]> {
  if (ids.length === 0) return [];
  const rows = await settingsWhere(
    q,
    and(eq(ciqSettings.laboratory_id, laboratoryId), inArray(ciqSettings.ciq_setting_id, [...ids])),
  );
  return rows.map(presentSetting);
}

/** The value as the API shows it. */
export const presentValue = (value: ValueRow): CiqValueRow => ({
  ciq_value_id: value.ciq_value_id,
  ciq_run_id: value.ciq_run,
  ciq_setting_id: value.ciq_setting,
  ciq_value: value.ciq_value,
  ciq_z: value.ciq_z,
  ciq_rules: value.ciq_rules as CiqValueRow['ciq_rules'],
  ciq_value_created_at: presentRow(value, ['ciq_value_created_at']).ciq_value_created_at as string,
});

export const valuesOfRun = (q: Queryable, runId: string) =>
  q.select().from(ciqValues).where(eq(ciqValues.ciq_run, runId)).orderBy(asc(ciqValues.ciq_value_seq));

/** A run with its settings and values, as the API shows it. */
export async function presentRun(q: Queryable, run: RunRow): Promise<CiqRun> {
  const {
    ciq_run_machine,
    ciq_run_settings,
    ciq_run_seq: _seq,
    ciq_run_last_updated: _stamp,
    ...rest
  } = presentRow(run, RUN_STAMPS) as RunRow;
  return {
    ...rest,
    machine_id: ciq_run_machine,
    ciq_run_status: run.ciq_run_status as CiqRun['ciq_run_status'],
    settings: await settingsByIds(q, run.laboratory_id, ciq_run_settings),
    values: (await valuesOfRun(q, run.ciq_run_id)).map(presentValue),
  };
}

export async function runOf(q: Queryable, laboratoryId: string, runId: string) {
  const [run] = await q
    .select()
    .from(ciqRuns)
    .where(and(eq(ciqRuns.ciq_run_id, runId), eq(ciqRuns.laboratory_id, laboratoryId)));
  return run;
}

/** The run locked, so that two technicians entering values of one run take turns. */
export async function lockedRun(tx: Tx, laboratoryId: string, runId: string) {
  const [run] = await tx
    .select()
    .from(ciqRuns)
    .where(and(eq(ciqRuns.ciq_run_id, runId), eq(ciqRuns.laboratory_id, laboratoryId)))
    .for('update');
  return run;
}

export const latestRuns = (q: Queryable, laboratoryId: string, machineId: string, limit: number) =>
  q
    .select()
    .from(ciqRuns)
    .where(and(eq(ciqRuns.laboratory_id, laboratoryId), eq(ciqRuns.ciq_run_machine, machineId)))
    .orderBy(desc(ciqRuns.ciq_run_seq))
    .limit(limit);

/** The z of the values before this run in a setting's series, oldest first (the last `count`). */
export async function previousZs(q: Queryable, settingId: string, runId: string, count: number) {
  const rows = await q
    .select({ z: ciqValues.ciq_z })
    .from(ciqValues)
    .where(and(eq(ciqValues.ciq_setting, settingId), ne(ciqValues.ciq_run, runId)))
    .orderBy(desc(ciqValues.ciq_value_seq))
    .limit(count);
  return rows.map((row) => row.z).reverse();
}

/** The Levey-Jennings points of a setting: its last `limit` values, oldest first, with their run's status. */
export async function seriesOf(q: Queryable, settingId: string, limit: number) {
  const rows = await q
    .select({ value: ciqValues, status: ciqRuns.ciq_run_status })
    .from(ciqValues)
    .innerJoin(ciqRuns, eq(ciqRuns.ciq_run_id, ciqValues.ciq_run))
    .where(eq(ciqValues.ciq_setting, settingId))
    .orderBy(desc(ciqValues.ciq_value_seq))
    .limit(limit);
  return rows.reverse();
}

/**
 * For each machine, its latest run that has values when that run is rejected: the machine's
 * patient results wait for a biologist's acceptance or a passing run.
 */
export async function rejectedLatestRuns(q: Queryable, laboratoryId: string, machineIds: readonly string[]) {
  if (machineIds.length === 0) return [];
  const rows = await q
    .selectDistinctOn([ciqRuns.ciq_run_machine], {
      ciq_run_id: ciqRuns.ciq_run_id,
      machine_id: ciqRuns.ciq_run_machine,
      status: ciqRuns.ciq_run_status,
    })
    .from(ciqRuns)
    .where(
      and(
        eq(ciqRuns.laboratory_id, laboratoryId),
        inArray(ciqRuns.ciq_run_machine, [...machineIds]),
        ne(ciqRuns.ciq_run_status, 'pending'),
      ),
    )
    .orderBy(ciqRuns.ciq_run_machine, desc(ciqRuns.ciq_run_seq));
  return rows.filter((row) => row.status === 'rejected');
}

/** The machines the analyses run on. */
export async function machinesOfAnalyses(q: Queryable, analysisIds: readonly string[]): Promise<string[]> {
  if (analysisIds.length === 0) return [];
  const rows = await q
    .select({ machines: analyses.analysis_machines })
    .from(analyses)
    .where(inArray(analyses.analysis_id, [...new Set(analysisIds)]));
  return rows.flatMap((row) => row.machines);
}
