import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { stampNow } from './columns.js';
import { laboratories } from './laboratories.js';

/**
 * NABM acts (national biology nomenclature), per laboratory: each imports the national table and
 * may add its own non-refundable acts. Codes are 4-character strings.
 */
export const nabms = pgTable(
  'nabms',
  {
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    nabm_code: text('nabm_code').notNull(),
    nabm_wording: text('nabm_wording').notNull(),
    nabm_chapter: text('nabm_chapter'),
    nabm_subchapter: text('nabm_subchapter'),
    nabm_key_letter: text('nabm_key_letter').notNull().default('B'),
    nabm_coef_b: numeric('nabm_coef_b', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    nabm_refund: boolean('nabm_refund').notNull().default(true),
    nabm_agreement: boolean('nabm_agreement').notNull().default(false),
    nabm_bio_initiative: boolean('nabm_bio_initiative').notNull().default(false),
    nabm_blood_test: boolean('nabm_blood_test').notNull().default(false),
    nabm_contingency: boolean('nabm_contingency').notNull().default(false),
    nabm_incompatible_codes: text('nabm_incompatible_codes').array().notNull().default([]),
    nabm_last_eeet_date: date('nabm_last_eeet_date', { mode: 'string' }),
    nabm_max_num_code: integer('nabm_max_num_code'),
    nabm_med_indic_ref: text('nabm_med_indic_ref'),
    nabm_rmo: text('nabm_rmo'),
    nabm_spec_rule_num: text('nabm_spec_rule_num'),
    /** The most acts of the same special rule one prescription bills (migration 0030). */
    nabm_spec_rule_max: integer('nabm_spec_rule_max'),
    nabm_reserved_acts: boolean('nabm_reserved_acts').notNull().default(false),
    nabm_creation_date: date('nabm_creation_date', { mode: 'string' }),
    nabm_end_date: date('nabm_end_date', { mode: 'string' }),
    /** No longer in the national table (or past its end date); kept because records may bill it. */
    nabm_retired: boolean('nabm_retired').notNull().default(false),
    nabm_last_updated: stampNow('nabm_last_updated'),
  },
  (t) => [
    primaryKey({ columns: [t.laboratory_id, t.nabm_code] }),
    index().on(t.laboratory_id, t.nabm_chapter),
  ],
);
