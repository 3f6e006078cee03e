import { index, numeric, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { parameters } from './catalogue.js';
import { stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { samples } from './records.js';
import { machines } from './reference.js';
import { users } from './users.js';

const decimal = (name: string) => numeric(name, { precision: 18, scale: 6, mode: 'number' });

/**
 * One result per sample and parameter (migration 0017), with what was read from it when it was
 * entered; a validated sample's results are frozen by the database (`results_guard`). The range is
 * kept in the unit of the reported number (`result_range_*`, beside `result_unit`) and as written
 * on the parameter, in the measured unit (`result_raw_range_*`, migration 0047). Partitioned by the
 * month of its record's creation (migration 0060).
 */
export const results = pgTable(
  'results',
  {
    result_id: uuid('result_id').notNull().defaultRandom(),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    result_sample: uuid('result_sample')
      .notNull()
      .references(() => samples.sample_id, { onDelete: 'cascade' }),
    result_parameter: uuid('result_parameter')
      .notNull()
      .references(() => parameters.parameter_id),
    /**
     * Its record's `record_created`, copied when written and never changed (the guard refuses any
     * other): the month partition the result lives in (migration 0060, decision 0034). A read that
     * reaches results through their record joins on it too, so that it opens that month only.
     */
    result_record_created: stamp('result_record_created').notNull(),
    result_value: decimal('result_value'),
    result_text: text('result_text'),
    result_calculated: decimal('result_calculated'),
    result_censored: text('result_censored'),
    result_unit: text('result_unit'),
    result_population: text('result_population'),
    result_range_min: decimal('result_range_min'),
    result_range_max: decimal('result_range_max'),
    result_raw_range_min: decimal('result_raw_range_min'),
    result_raw_range_max: decimal('result_raw_range_max'),
    result_flags: text('result_flags').array().notNull().default([]),
    /** Null for a result an analyser sent (migration 0055): `result_machine` names it then. */
    result_entered_by: uuid('result_entered_by').references(() => users.admin_uid),
    result_machine: uuid('result_machine').references(() => machines.machine_id),
    /** When the analyser measured it, and the flags it gave (its own, beside ours). */
    result_run_at: stamp('result_run_at'),
    result_analyser_flags: text('result_analyser_flags').array(),
    result_entered_at: stampNow('result_entered_at'),
    result_last_updated: stampNow('result_last_updated'),
  },
  (t) => [
    primaryKey({ name: 'results_pkey', columns: [t.result_id, t.result_record_created] }),
    unique('results_one_per_parameter').on(t.result_sample, t.result_parameter, t.result_record_created),
    index('results_parameter_idx').on(t.result_parameter),
  ],
);
