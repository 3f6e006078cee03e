import { bigint, boolean, doublePrecision, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { analyses, parameters } from './catalogue.js';
import { id, stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { machines } from './reference.js';
import { users } from './users.js';

const laboratory = () =>
  uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id);

/** Target mean and SD of a parameter of an analysis, per control level and lot (migration 0028). */
export const ciqSettings = pgTable('ciq_settings', {
  ciq_setting_id: id('ciq_setting_id'),
  laboratory_id: laboratory(),
  ciq_analysis: uuid('ciq_analysis')
    .notNull()
    .references(() => analyses.analysis_id, { onDelete: 'cascade' }),
  ciq_parameter: uuid('ciq_parameter')
    .notNull()
    .references(() => parameters.parameter_id, { onDelete: 'cascade' }),
  ciq_level: text('ciq_level').notNull(),
  ciq_lot: text('ciq_lot').notNull(),
  ciq_mean: doublePrecision('ciq_mean').notNull(),
  ciq_sd: doublePrecision('ciq_sd').notNull(),
  ciq_active: boolean('ciq_active').notNull().default(true),
  ciq_last_updated: stampNow('ciq_last_updated'),
});

/** A control run of a machine, with the settings it measures and what became of it. */
export const ciqRuns = pgTable('ciq_runs', {
  ciq_run_id: id('ciq_run_id'),
  ciq_run_seq: bigint('ciq_run_seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  laboratory_id: laboratory(),
  ciq_run_machine: uuid('ciq_run_machine')
    .notNull()
    .references(() => machines.machine_id, { onDelete: 'cascade' }),
  ciq_run_settings: uuid('ciq_run_settings').array().notNull().default([]),
  ciq_run_status: text('ciq_run_status').notNull().default('pending'),
  ciq_run_created_by: uuid('ciq_run_created_by').references(() => users.admin_uid),
  ciq_run_created_at: stampNow('ciq_run_created_at'),
  ciq_run_accepted_by: uuid('ciq_run_accepted_by').references(() => users.admin_uid),
  ciq_run_accepted_at: stamp('ciq_run_accepted_at'),
  ciq_run_accept_reason: text('ciq_run_accept_reason'),
  ciq_run_sent_at: stamp('ciq_run_sent_at'),
  ciq_run_last_updated: stampNow('ciq_run_last_updated'),
});

/** A control value of a run, its distance to the target in SDs and the Westgard rules it broke. */
export const ciqValues = pgTable('ciq_values', {
  ciq_value_id: id('ciq_value_id'),
  ciq_value_seq: bigint('ciq_value_seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  laboratory_id: laboratory(),
  ciq_run: uuid('ciq_run')
    .notNull()
    .references(() => ciqRuns.ciq_run_id, { onDelete: 'cascade' }),
  ciq_setting: uuid('ciq_setting')
    .notNull()
    .references(() => ciqSettings.ciq_setting_id, { onDelete: 'cascade' }),
  ciq_value: doublePrecision('ciq_value').notNull(),
  ciq_z: doublePrecision('ciq_z').notNull(),
  ciq_rules: text('ciq_rules').array().notNull().default([]),
  ciq_value_created_at: stampNow('ciq_value_created_at'),
  ciq_value_last_updated: stampNow('ciq_value_last_updated'),
});
