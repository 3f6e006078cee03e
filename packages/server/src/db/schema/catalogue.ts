import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { families, machines, matrices, sampleTypes } from './reference.js';

export interface ParameterRange {
  matrix_id: string | null;
  population: string;
  min: number | null;
  max: number | null;
  comment: string | null;
  delta: number | null;
  post_conversion_comment: string | null;
}
export interface Bounds {
  min: number | null;
  max: number | null;
}
export type ParameterZones = Partial<Record<'therapeutic' | 'toxic' | 'deadly', Bounds>>;
export interface ForensicRemark {
  range: string;
  remark: string;
}

const laboratory = () =>
  uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id);
const decimal = (name: string) => numeric(name, { precision: 18, scale: 6, mode: 'number' });

/** Parameters (molecules): what is measured, how it is calculated and what is normal. */
export const parameters = pgTable(
  'parameters',
  {
    parameter_id: id('parameter_id'),
    laboratory_id: laboratory(),
    parameter_name: text('parameter_name').notNull(),
    parameter_rank: integer('parameter_rank'),
    parameter_code: text('parameter_code'),
    parameter_loinc: text('parameter_loinc'),
    parameter_machine: uuid('parameter_machine').references(() => machines.machine_id),
    parameter_family: uuid('parameter_family').references(() => families.family_id),
    parameter_matrix: uuid('parameter_matrix').references(() => matrices.matrix_id),
    parameter_medium: text('parameter_medium'),
    parameter_method: text('parameter_method'),
    parameter_unit: text('parameter_unit'),
    parameter_decimals: integer('parameter_decimals'),
    parameter_technical_sheet: text('parameter_technical_sheet'),
    parameter_urine_sample: boolean('parameter_urine_sample').notNull().default(false),
    parameter_positivity_threshold: decimal('parameter_positivity_threshold'),
    parameter_is_forensic: boolean('parameter_is_forensic').notNull().default(false),
    parameter_hidden: boolean('parameter_hidden').notNull().default(false),
    parameter_accredited_15189: boolean('parameter_accredited_15189').notNull().default(false),
    parameter_accredited_17025: boolean('parameter_accredited_17025').notNull().default(false),
    parameter_lower_detection_limit: decimal('parameter_lower_detection_limit'),
    parameter_upper_detection_limit: decimal('parameter_upper_detection_limit'),
    // Plausibility limits (migration 0048): a measure outside them is refused, not flagged.
    parameter_plausible_min: decimal('parameter_plausible_min'),
    parameter_plausible_max: decimal('parameter_plausible_max'),
    // Delta check (migration 0054): all three or none; a result moving further is flagged.
    parameter_delta_kind: text('parameter_delta_kind').$type<'absolute' | 'percent'>(),
    parameter_delta_limit: decimal('parameter_delta_limit'),
    parameter_delta_window_days: integer('parameter_delta_window_days'),
    parameter_has_formula: boolean('parameter_has_formula').notNull().default(false),
    parameter_formula: text('parameter_formula'),
    parameter_formula_male: text('parameter_formula_male'),
    parameter_formula_female: text('parameter_formula_female'),
    parameter_unit_after_calc: text('parameter_unit_after_calc'),
    parameter_show_before_after: boolean('parameter_show_before_after').notNull().default(false),
    parameter_default_range_only: boolean('parameter_default_range_only').notNull().default(false),
    parameter_ranges: jsonb('parameter_ranges').$type<ParameterRange[]>().notNull().default([]),
    parameter_zones: jsonb('parameter_zones').$type<ParameterZones>().notNull().default({}),
    parameter_last_updated: stampNow('parameter_last_updated'),
  },
  (t) => [index().on(t.laboratory_id)],
);

/** Analyses: what a prescription orders, billed by NABM codes, measured through parameters. */
export const analyses = pgTable(
  'analyses',
  {
    analysis_id: id('analysis_id'),
    laboratory_id: laboratory(),
    analysis_name: text('analysis_name').notNull(),
    analysis_matrix: uuid('analysis_matrix').references(() => matrices.matrix_id),
    analysis_family: uuid('analysis_family').references(() => families.family_id),
    /** Samples of a record are grouped by sample type and matrix of their analyses. */
    analysis_sample_type: uuid('analysis_sample_type').references(() => sampleTypes.sample_type_id),
    analysis_nabm_codes: text('analysis_nabm_codes').array().notNull().default([]),
    analysis_machines: uuid('analysis_machines').array().notNull().default([]),
    analysis_parameters: uuid('analysis_parameters').array().notNull().default([]),
    analysis_visible: boolean('analysis_visible').notNull().default(true),
    analysis_hide_in_report: boolean('analysis_hide_in_report').notNull().default(false),
    /** Hides the record from the patient in the DMP until a consultation (migration 0053). */
    analysis_dmp_invisible: boolean('analysis_dmp_invisible').notNull().default(false),
    analysis_sample_allocation: decimal('analysis_sample_allocation'),
    /** Integer cents, like every amount of money. */
    analysis_custom_cost_cents: integer('analysis_custom_cost_cents'),
    analysis_requires_sampling_time: boolean('analysis_requires_sampling_time').notNull().default(false),
    analysis_accredited_15189: boolean('analysis_accredited_15189').notNull().default(false),
    analysis_accredited_17025: boolean('analysis_accredited_17025').notNull().default(false),
    analysis_is_forensic: boolean('analysis_is_forensic').notNull().default(false),
    analysis_forensic_remarks: jsonb('analysis_forensic_remarks')
      .$type<ForensicRemark[]>()
      .notNull()
      .default([]),
    analysis_ciq_enabled: boolean('analysis_ciq_enabled').notNull().default(false),
    analysis_ciq_instrument_code: text('analysis_ciq_instrument_code'),
    analysis_ciq_lis_analysis_name: text('analysis_ciq_lis_analysis_name'),
    analysis_ciq_analysis_id: text('analysis_ciq_analysis_id'),
    analysis_ciq_control_name: text('analysis_ciq_control_name'),
    analysis_ciq_default_frequency: text('analysis_ciq_default_frequency'),
    analysis_ciq_analysis_name: text('analysis_ciq_analysis_name'),
    analysis_last_updated: stampNow('analysis_last_updated'),
  },
  (t) => [index().on(t.laboratory_id)],
);
