import {
  type AcceptCiqRunBody,
  type AddCiqValuesBody,
  type CiqChart,
  type CiqRun,
  type MachineCiq,
  rangeViolation,
  rejects,
  type SaveCiqSettingBody,
  seriesViolations,
  type WestgardRule,
  zScore,
} from '@sil/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type QcService, QcServiceUnreachable } from '../../adapters/qc-service.js';
import type { Db, Tx } from '../../db/open.js';
import { analyses, ciqRuns, ciqSettings, ciqValues, parameters } from '../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import {
  latestRuns,
  lockedRun,
  machineOf,
  machineSettings,
  machinesOfAnalyses,
  presentRun,
  presentValue,
  previousZs,
  rejectedLatestRuns,
  runOf,
  seriesOf,
  settingsByIds,
  valuesOfRun,
} from './queries.js';

/** 10x looks furthest back: nine values before the new one. */
const SERIES_LOOKBACK = 9;
const RUNS_SHOWN = 20;
const CHART_POINTS = 200;

type SettingInput = z.output<typeof SaveCiqSettingBody>;

async function assertCatalogue(tx: Tx, laboratoryId: string, input: SettingInput) {
  const [analysis] = await tx
    .select({ id: analyses.analysis_id })
    .from(analyses)
    .where(and(eq(analyses.analysis_id, input.analysis_id), eq(analyses.laboratory_id, laboratoryId)));
  if (!analysis) fail('analysisNotFound');
  const [parameter] = await tx
    .select({ id: parameters.parameter_id })
    .from(parameters)
    .where(and(eq(parameters.parameter_id, input.parameter_id), eq(parameters.laboratory_id, laboratoryId)));
  if (!parameter) fail('parameterNotFound');
  const [taken] = await tx
    .select({ id: ciqSettings.ciq_setting_id })
    .from(ciqSettings)
    .where(
      and(
        eq(ciqSettings.ciq_analysis, input.analysis_id),
        eq(ciqSettings.ciq_parameter, input.parameter_id),
        eq(ciqSettings.ciq_level, input.ciq_level),
        eq(ciqSettings.ciq_lot, input.ciq_lot),
      ),
    );
  if (taken && taken.id !== input.ciq_setting_id) fail('ciqSettingExists');
}

/**
 * R-4s across the levels of one parameter in the run: when the run's values of a parameter lie
 * beyond +2 SD on one level and -2 SD on another, each of them carries the rule.
 */
async function markRangeViolations(tx: Tx, runId: string, parameterOf: Map<string, string>) {
  const values = await valuesOfRun(tx, runId);
  const byParameter = new Map<string, typeof values>();
  for (const value of values) {
    const parameter = parameterOf.get(value.ciq_setting) ?? value.ciq_setting;
    byParameter.set(parameter, [...(byParameter.get(parameter) ?? []), value]);
  }
  for (const group of byParameter.values()) {
    if (!rangeViolation(group.map((value) => value.ciq_z))) continue;
    for (const value of group)
      if (Math.abs(value.ciq_z) > 2 && !value.ciq_rules.includes('R-4s'))
        await tx
          .update(ciqValues)
          .set({ ciq_rules: [...value.ciq_rules, 'R-4s'], ciq_value_last_updated: sql`now()` })
          .where(eq(ciqValues.ciq_value_id, value.ciq_value_id));
  }
}

type RunRow = NonNullable<Awaited<ReturnType<typeof lockedRun>>>;

/**
 * A new control run of a machine, carrying the active targets of the analyses the machine runs
 * (spec.md §7 create-ciq-record; the instrument import opens one for the control rows of a file).
 */
export async function openRun(tx: Tx, laboratoryId: string, machineId: string, adminUid: string) {
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

/**
 * Writes control values into an open run: each new value is read against its target and the
 * values before it in its series (Westgard), R-4s across the levels of a parameter, and the run
 * is passed or rejected by what its values broke. Entered by hand or imported alike.
 */
export async function writeRunValues(
  tx: Tx,
  run: RunRow,
  lines: readonly { ciq_setting_id: string; ciq_value: number }[],
) {
  const settings = new Map(
    (await settingsByIds(tx, run.laboratory_id, run.ciq_run_settings)).map((s) => [s.ciq_setting_id, s]),
  );
  const entered = new Set((await valuesOfRun(tx, run.ciq_run_id)).map((value) => value.ciq_setting));
  for (const line of lines) {
    const setting = settings.get(line.ciq_setting_id) ?? fail('ciqSettingNotFound');
    if (entered.has(line.ciq_setting_id)) fail('ciqRunClosed');
    const z = zScore(line.ciq_value, { mean: setting.ciq_mean, sd: setting.ciq_sd });
    const series = [...(await previousZs(tx, setting.ciq_setting_id, run.ciq_run_id, SERIES_LOOKBACK)), z];
    await tx.insert(ciqValues).values({
      laboratory_id: run.laboratory_id,
      ciq_run: run.ciq_run_id,
      ciq_setting: setting.ciq_setting_id,
      ciq_value: line.ciq_value,
      ciq_z: z,
      ciq_rules: seriesViolations(series),
    });
  }
  const parameterOf = new Map([...settings.values()].map((s) => [s.ciq_setting_id, s.parameter_id]));
  await markRangeViolations(tx, run.ciq_run_id, parameterOf);
  const rules = (await valuesOfRun(tx, run.ciq_run_id)).flatMap((v) => v.ciq_rules as WestgardRule[]);
  await tx
    .update(ciqRuns)
    .set({ ciq_run_status: rejects(rules) ? 'rejected' : 'passed', ciq_run_last_updated: sql`now()` })
    .where(eq(ciqRuns.ciq_run_id, run.ciq_run_id));
}

export function createCiqService(db: Db, qcService: QcService) {
  const onLockedRun = <T>(
    auth: Authenticated,
    runId: string,
    work: (tx: Tx, run: NonNullable<Awaited<ReturnType<typeof lockedRun>>>) => Promise<T>,
  ) =>
    writeTransaction(db, actorOf(auth), async (tx) => {
      const run = (await lockedRun(tx, auth.user.laboratory_id, runId)) ?? fail('ciqRunNotFound');
      return work(tx, run);
    });

  const answerRun = async (tx: Tx, laboratoryId: string, runId: string): Promise<CiqRun> =>
    presentRun(tx, (await lockedRun(tx, laboratoryId, runId)) ?? fail('ciqRunNotFound'));

  return {
    async machine(auth: Authenticated, machineId: string): Promise<MachineCiq> {
      const laboratoryId = auth.user.laboratory_id;
      if (!(await machineOf(db, laboratoryId, machineId))) return fail('machineNotFound');
      const runs = await latestRuns(db, laboratoryId, machineId, RUNS_SHOWN);
      const presented = [];
      for (const run of runs) presented.push(await presentRun(db, run));
      return { settings: await machineSettings(db, laboratoryId, machineId, false), runs: presented };
    },

    saveSetting: (auth: Authenticated, body: SettingInput) =>
      writeTransaction(db, actorOf(auth), async (tx) => {
        const laboratoryId = auth.user.laboratory_id;
        await assertCatalogue(tx, laboratoryId, body);
        const values = {
          ciq_analysis: body.analysis_id,
          ciq_parameter: body.parameter_id,
          ciq_level: body.ciq_level,
          ciq_lot: body.ciq_lot,
          ciq_mean: body.ciq_mean,
          ciq_sd: body.ciq_sd,
          ciq_active: body.ciq_active,
        };
        let settingId = body.ciq_setting_id;
        if (settingId) {
          const changed = await tx
            .update(ciqSettings)
            .set({ ...values, ciq_last_updated: sql`now()` })
            .where(
              and(eq(ciqSettings.ciq_setting_id, settingId), eq(ciqSettings.laboratory_id, laboratoryId)),
            )
            .returning({ id: ciqSettings.ciq_setting_id });
          if (changed.length === 0) fail('ciqSettingNotFound');
        } else {
          const [created] = await tx
            .insert(ciqSettings)
            .values({ ...values, laboratory_id: laboratoryId })
            .returning({ id: ciqSettings.ciq_setting_id });
          settingId = created?.id;
        }
        const [row] = await settingsByIds(tx, laboratoryId, settingId ? [settingId] : []);
        return row ?? fail('ciqSettingNotFound');
      }),

    /** spec.md §7 create-ciq-record: a run of the machine with the active targets of its analyses. */
    createRun: (auth: Authenticated, machineId: string) =>
      writeTransaction(db, actorOf(auth), async (tx) => {
        const run = await openRun(tx, auth.user.laboratory_id, machineId, auth.user.admin_uid);
        return presentRun(tx, run);
      }),

    /**
     * Each new value is read against its target and the values before it in its series; the run
     * is rejected as soon as one value breaks a rejecting rule. A run once rejected or accepted
     * takes no more values (repeating it is a new run), and a value entered stays: the chart is
     * the history.
     */
    addValues: (auth: Authenticated, body: AddCiqValuesBody) =>
      onLockedRun(auth, body.ciq_run_id, async (tx, run) => {
        if (run.ciq_run_status === 'rejected' || run.ciq_run_status === 'accepted') fail('ciqRunClosed');
        await writeRunValues(tx, run, body.values);
        return answerRun(tx, run.laboratory_id, run.ciq_run_id);
      }),

    /** A biologist takes responsibility for a rejected run; the reason stays in the run and the trail. */
    accept: (auth: Authenticated, body: AcceptCiqRunBody) =>
      onLockedRun(auth, body.ciq_run_id, async (tx, run) => {
        if (run.ciq_run_status !== 'rejected') fail('ciqRunNotRejected');
        await tx
          .update(ciqRuns)
          .set({
            ciq_run_status: 'accepted',
            ciq_run_accepted_by: auth.user.admin_uid,
            ciq_run_accepted_at: sql`now()`,
            ciq_run_accept_reason: body.ciq_run_accept_reason.trim(),
            ciq_run_last_updated: sql`now()`,
          })
          .where(eq(ciqRuns.ciq_run_id, run.ciq_run_id));
        return answerRun(tx, run.laboratory_id, run.ciq_run_id);
      }),

    /** Sends the run to the external QC service (outside any transaction: the network may be slow). */
    async send(auth: Authenticated, runId: string): Promise<CiqRun> {
      const laboratoryId = auth.user.laboratory_id;
      const run = (await runOf(db, laboratoryId, runId)) ?? fail('ciqRunNotFound');
      const presented = await presentRun(db, run);
      const settings = new Map(presented.settings.map((s) => [s.ciq_setting_id, s]));
      try {
        await qcService.submit({
          laboratory_id: laboratoryId,
          machine_id: presented.machine_id,
          ciq_run_id: presented.ciq_run_id,
          values: presented.values.map((value) => {
            const setting = settings.get(value.ciq_setting_id);
            return {
              parameter_id: setting?.parameter_id ?? value.ciq_setting_id,
              level: setting?.ciq_level ?? '',
              lot: setting?.ciq_lot ?? '',
              value: value.ciq_value,
              rules: value.ciq_rules,
            };
          }),
        });
      } catch (error) {
        if (error instanceof QcServiceUnreachable) return fail('qcServiceConnectionFailed');
        throw error;
      }
      return writeTransaction(db, actorOf(auth), async (tx) => {
        await tx
          .update(ciqRuns)
          .set({ ciq_run_sent_at: sql`now()`, ciq_run_last_updated: sql`now()` })
          .where(eq(ciqRuns.ciq_run_id, runId));
        return answerRun(tx, laboratoryId, runId);
      });
    },

    async chart(auth: Authenticated, settingId: string): Promise<CiqChart> {
      const [setting] = await settingsByIds(db, auth.user.laboratory_id, [settingId]);
      if (!setting) return fail('ciqSettingNotFound');
      const points = await seriesOf(db, settingId, CHART_POINTS);
      return {
        setting,
        points: points.map(({ value, status }) => ({
          ...presentValue(value),
          ciq_run_status: status as CiqChart['points'][number]['ciq_run_status'],
        })),
      };
    },
  };
}

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
