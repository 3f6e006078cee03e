import { z } from 'zod';
import type { RouteDef } from '../route-def.js';
import { taskTypeSchema } from './tasks.js';

const count = z.number().int().nonnegative();

/** Records of the day (Paris) by where they stand: worked on, parked before reception, sent. */
export const DashboardToday = z.object({ in_progress: count, parked: count, sent: count });

/** Analyses ordered by where their record stands. */
export const AnalysisCounts = z.object({ being_analyzed: count, pre_registered: count, sent: count });
export type AnalysisCounts = z.output<typeof AnalysisCounts>;

/** CL: clinical analyses; TES: forensic (expertise) analyses; CLB: clinical analyses of clinics' records. */
export const ANALYSIS_GROUPS = ['CL', 'TES', 'CLB'] as const;
export type AnalysisGroup = (typeof ANALYSIS_GROUPS)[number];

export const DashboardAnalysisTypes = z.object({
  all: AnalysisCounts,
  CL: AnalysisCounts,
  TES: AnalysisCounts,
  CLB: AnalysisCounts,
});

/** Since this morning; a counter is null when the caller may not open the list it counts. */
export const DashboardSummary = z.object({
  patients_added: count.nullable(),
  samples_processed: count.nullable(),
  analyses_completed: count.nullable(),
});

export const DashboardQuarter = z.object({
  quarter: z.number().int().min(1).max(4),
  records_added: count,
  external_records: count,
  canceled_replaced: count,
});
export type DashboardQuarter = z.output<typeof DashboardQuarter>;

export const DashboardTask = z.object({ task_type: taskTypeSchema, count });
export type DashboardTask = z.output<typeof DashboardTask>;

export const NOTIFICATION_KINDS = [
  'failed_deliveries',
  'delayed_records',
  'urgent_to_validate',
  // The last scheduled backup failed (administrators, admin_access 3; issue 38).
  'failed_backup',
] as const;
export const DashboardNotification = z.object({ kind: z.enum(NOTIFICATION_KINDS), count });
export type DashboardNotification = z.output<typeof DashboardNotification>;

export const Dashboard = z.object({
  /** The Paris day the counters of the day are taken on (YYYY-MM-DD). */
  day: z.string(),
  today: DashboardToday,
  analysis_types: DashboardAnalysisTypes,
  summary: DashboardSummary,
  year: z.number().int(),
  quarters: z.array(DashboardQuarter),
  /** The tasks in progress the caller may open, in the panel's order. */
  tasks: z.array(DashboardTask),
  /** What needs attention now; only kinds with something to see. */
  notifications: z.array(DashboardNotification),
});
export type Dashboard = z.output<typeof Dashboard>;

/** The dashboard (issue 17 'Dashboard'): every counter of spec.md §2, computed from the data. */
export const dashboardRoutes = {
  getDashboard: {
    method: 'GET',
    path: '/api/get-dashboard',
    access: { kind: 'permission', key: 'admin_records', level: 1, userTypes: ['internal'] },
    summary:
      "The dashboard's counters of the caller's laboratory: today, analysis types, summary of the day, quarterly statistics, tasks in progress, notifications",
    response: Dashboard,
  },
} as const satisfies Record<string, RouteDef>;
