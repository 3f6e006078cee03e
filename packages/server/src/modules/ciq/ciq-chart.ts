import type { CiqChart } from '@sil/contract';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { presentValue, seriesOf, settingsByIds } from './queries.js';

const CHART_POINTS = 200;

/** The chart of one control target: its latest values, each with its run's status. */
export async function ciqChart(db: Db, auth: Authenticated, settingId: string): Promise<CiqChart> {
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
}
