import { date, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { records } from './records.js';
import { users } from './users.js';

/** Values of the key letter B, dated and per territory; no laboratory = the national value (migration 0030). */
export const billingBValues = pgTable('billing_b_values', {
  b_value_id: id('b_value_id'),
  laboratory_id: uuid('laboratory_id').references(() => laboratories.laboratory_id),
  b_territory: text('b_territory').notNull(),
  b_valid_from: date('b_valid_from', { mode: 'string' }).notNull(),
  b_valid_to: date('b_valid_to', { mode: 'string' }),
  b_value_cents: integer('b_value_cents').notNull(),
  b_last_updated: stampNow('b_last_updated'),
});

/** Where a laboratory bills from (migration 0030). */
export const billingSettings = pgTable('billing_settings', {
  laboratory_id: uuid('laboratory_id')
    .primaryKey()
    .references(() => laboratories.laboratory_id),
  billing_territory: text('billing_territory').notNull().default('metropolitan'),
  billing_last_updated: stampNow('billing_last_updated'),
});

/** The billing state of a validated record: billed, then paid, each with who and when (migration 0030). */
export const recordBills = pgTable('record_bills', {
  bill_record: uuid('bill_record')
    .primaryKey()
    .references(() => records.record_id, { onDelete: 'cascade' }),
  laboratory_id: uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id),
  bill_state: text('bill_state').notNull().default('billed'),
  bill_total_cents: integer('bill_total_cents').notNull(),
  bill_quote_cents: integer('bill_quote_cents').notNull(),
  bill_to_pay_cents: integer('bill_to_pay_cents').notNull(),
  bill_billed_by: uuid('bill_billed_by')
    .notNull()
    .references(() => users.admin_uid),
  bill_billed_at: stampNow('bill_billed_at'),
  bill_paid_by: uuid('bill_paid_by').references(() => users.admin_uid),
  bill_paid_at: stamp('bill_paid_at'),
  bill_last_updated: stampNow('bill_last_updated'),
});
