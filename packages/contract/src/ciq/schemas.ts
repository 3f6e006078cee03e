import { z } from 'zod';
import { optionalRowId, optionalStamp, rowId, stamp } from '../rows/stamps.js';
import { WESTGARD_RULES } from './westgard.js';

/** Control values and targets stay within what a double holds exactly enough to chart. */
const measure = z.number().finite().min(-1e12).max(1e12);

/** A control level of an analysis (N1, N2, pathological…) and the lot of control material. */
const label = (max: number) => z.string().trim().min(1).max(max);

/** Target of one parameter × level × lot (spec.md §3 Analysis, CIQ settings). */
export const SaveCiqSettingBody = z.object({
  ciq_setting_id: z.uuid().optional(),
  analysis_id: z.uuid(),
  parameter_id: z.uuid(),
  ciq_level: label(50),
  ciq_lot: label(100),
  ciq_mean: measure,
  ciq_sd: z.number().finite().positive().max(1e12),
  ciq_active: z.boolean().default(true),
});
export type SaveCiqSettingBody = z.input<typeof SaveCiqSettingBody>;

export const CiqSettingRow = z.object({
  ciq_setting_id: rowId,
  analysis_id: rowId,
  analysis_name: z.string(),
  parameter_id: rowId,
  parameter_name: z.string(),
  ciq_level: z.string(),
  ciq_lot: z.string(),
  ciq_mean: z.number(),
  ciq_sd: z.number(),
  ciq_active: z.boolean(),
  ciq_last_updated: stamp,
});
export type CiqSettingRow = z.output<typeof CiqSettingRow>;

/**
 * A run: pending until its first value, passed, rejected by a rule, or accepted by a biologist
 * despite its rejection (with the reason). Repeating a run is creating the next one.
 */
export const CIQ_RUN_STATUSES = ['pending', 'passed', 'rejected', 'accepted'] as const;
export const ciqRunStatusSchema = z.enum(CIQ_RUN_STATUSES);
export type CiqRunStatus = z.infer<typeof ciqRunStatusSchema>;

export const westgardRuleSchema = z.enum(WESTGARD_RULES);

export const CiqValueRow = z.object({
  ciq_value_id: rowId,
  ciq_run_id: rowId,
  ciq_setting_id: rowId,
  ciq_value: z.number(),
  ciq_z: z.number(),
  ciq_rules: z.array(westgardRuleSchema),
  ciq_value_created_at: stamp,
});
export type CiqValueRow = z.output<typeof CiqValueRow>;

export const CiqRun = z.object({
  ciq_run_id: rowId,
  machine_id: rowId,
  ciq_run_status: ciqRunStatusSchema,
  ciq_run_created_at: stamp,
  ciq_run_created_by: optionalRowId,
  ciq_run_accepted_by: optionalRowId,
  ciq_run_accepted_at: optionalStamp,
  ciq_run_accept_reason: z.string().nullable(),
  ciq_run_sent_at: optionalStamp,
  settings: z.array(CiqSettingRow),
  values: z.array(CiqValueRow),
});
export type CiqRun = z.output<typeof CiqRun>;

export const MachineIdQuery = z.object({ machine_id: z.uuid() });

/** A machine's CIQ settings and its latest runs, newest first. */
export const MachineCiq = z.object({
  settings: z.array(CiqSettingRow),
  runs: z.array(CiqRun),
});
export type MachineCiq = z.output<typeof MachineCiq>;

export const CreateCiqRecordBody = z.object({ machine_id: z.uuid() });

export const AddCiqValuesBody = z.object({
  ciq_run_id: z.uuid(),
  values: z
    .array(z.object({ ciq_setting_id: z.uuid(), ciq_value: measure }))
    .min(1)
    .max(100)
    .refine((lines) => new Set(lines.map((line) => line.ciq_setting_id)).size === lines.length, {
      message: 'one value per setting',
    }),
});
export type AddCiqValuesBody = z.input<typeof AddCiqValuesBody>;

export const AcceptCiqRunBody = z.object({
  ciq_run_id: z.uuid(),
  ciq_run_accept_reason: z.string().trim().min(1).max(2000),
});
export type AcceptCiqRunBody = z.input<typeof AcceptCiqRunBody>;

export const CiqRunIdBody = z.object({ ciq_run_id: z.uuid() });

export const CiqChartQuery = z.object({ ciq_setting_id: z.uuid() });

/** The Levey-Jennings series of one parameter × level × lot, oldest first (at most the last 200). */
export const CiqChart = z.object({
  setting: CiqSettingRow,
  points: z.array(CiqValueRow.extend({ ciq_run_status: ciqRunStatusSchema })),
});
export type CiqChart = z.output<typeof CiqChart>;
