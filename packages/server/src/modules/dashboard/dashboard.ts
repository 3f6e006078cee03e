import { type Dashboard, type DashboardNotification, TASK_SPECIAL_RIGHT, TASK_TYPES } from '@sil/contract';
import type { Db } from '../../db/open.js';
import { lagTolerant } from '../../db/read-replica.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { backupFailed } from '../backups/index.js';
import { todayInParis } from '../records/index.js';
import {
  analysisTypesPanel,
  failedDeliveries,
  quartersPanel,
  summaryPanel,
  tasksPanel,
  todayPanel,
} from './queries.js';

/**
 * Every panel of the dashboard for the caller's laboratory. A counter whose list the caller may
 * not open is not computed: the summary's patients and samples need their tables' read right,
 * 'To validate' and its notification the validation right.
 */
export async function dashboardOf(
  primary: Db,
  auth: Authenticated,
  now: Date = new Date(),
): Promise<Dashboard> {
  // Counters tolerate the replica's lag (db/read-replica.ts).
  const db = lagTolerant(primary);
  const laboratoryId = auth.user.laboratory_id;
  const { rights } = auth;
  const day = todayInParis(now);
  const year = Number(day.slice(0, 4));
  const tasks = TASK_TYPES.filter((task) => {
    const special = TASK_SPECIAL_RIGHT[task];
    return special === undefined || rights[special];
  });
  // Panels are independent reads: they run side by side.
  const [today, analysisTypes, summary, quarters, open, failed, backup] = await Promise.all([
    todayPanel(db, laboratoryId, day),
    analysisTypesPanel(db, laboratoryId, day),
    summaryPanel(db, laboratoryId, day),
    quartersPanel(db, laboratoryId, year),
    tasksPanel(db, laboratoryId, day, tasks),
    failedDeliveries(db, laboratoryId),
    rights.admin_access >= 3 ? backupFailed(db, laboratoryId) : false,
  ]);
  const notifications: DashboardNotification[] = [
    { kind: 'failed_deliveries' as const, count: failed },
    { kind: 'delayed_records' as const, count: open.delayed_records },
    ...(rights.validation_admin
      ? [{ kind: 'urgent_to_validate' as const, count: open.urgent_to_validate }]
      : []),
    // The administrators who can make one by hand, and fix the cause, see it.
    { kind: 'failed_backup' as const, count: backup ? 1 : 0 },
  ].filter((notice) => notice.count > 0);
  return {
    day,
    today,
    analysis_types: analysisTypes,
    summary: {
      patients_added: rights.admin_patients >= 1 ? summary.patients_added : null,
      samples_processed: rights.admin_samples >= 1 ? summary.samples_processed : null,
      analyses_completed: rights.admin_samples >= 1 ? summary.analyses_completed : null,
    },
    year,
    quarters,
    tasks: open.tasks,
    notifications,
  };
}
