import { rangeViolation, rejects, seriesViolations, type WestgardRule, zScore } from '@sil/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { ciqRuns, ciqValues } from '../../db/schema/ciq.js';
import { fail } from '../../lib/errors.js';
import { previousZs, type RunRow, settingsByIds, valuesOfRun } from './queries.js';

/** 10x looks furthest back: nine values before the new one. */
const SERIES_LOOKBACK = 9;

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
