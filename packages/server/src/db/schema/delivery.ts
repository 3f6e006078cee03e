import { boolean, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { records } from './records.js';
import { users } from './users.js';

const laboratory = () =>
  uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id);

/** One report channel of a record, from validation to done (migration 0027). */
export const recordDeliveries = pgTable(
  'record_deliveries',
  {
    delivery_id: id('delivery_id'),
    laboratory_id: laboratory(),
    delivery_record: uuid('delivery_record')
      .notNull()
      .references(() => records.record_id, { onDelete: 'cascade' }),
    delivery_channel: text('delivery_channel').notNull(),
    delivery_state: text('delivery_state').notNull().default('pending'),
    delivery_recipient: text('delivery_recipient'),
    delivery_attempts: integer('delivery_attempts').notNull().default(0),
    delivery_next_attempt_at: stamp('delivery_next_attempt_at'),
    delivery_last_error: text('delivery_last_error'),
    delivery_done_by: uuid('delivery_done_by').references(() => users.admin_uid),
    delivery_done_at: stamp('delivery_done_at'),
    delivery_created_at: stampNow('delivery_created_at'),
    delivery_last_updated: stampNow('delivery_last_updated'),
  },
  (t) => [unique('record_deliveries_one_per_channel').on(t.delivery_record, t.delivery_channel)],
);

/** One person to phone about a record's report (migration 0027). */
export const recordDeliveryCalls = pgTable(
  'record_delivery_calls',
  {
    call_id: id('call_id'),
    laboratory_id: laboratory(),
    call_record: uuid('call_record')
      .notNull()
      .references(() => records.record_id, { onDelete: 'cascade' }),
    call_person: text('call_person').notNull(),
    call_done_by: uuid('call_done_by').references(() => users.admin_uid),
    call_done_at: stamp('call_done_at'),
    call_last_updated: stampNow('call_last_updated'),
  },
  (t) => [unique('record_delivery_calls_one_per_person').on(t.call_record, t.call_person)],
);

/** Every opening of a report online, granted or refused (migration 0027). */
export const onlineReportOpenings = pgTable('online_report_openings', {
  opening_id: id('opening_id'),
  opening_record: uuid('opening_record').references(() => records.record_id, { onDelete: 'cascade' }),
  opening_record_number: text('opening_record_number').notNull(),
  opening_address: text('opening_address').notNull(),
  opening_granted: boolean('opening_granted').notNull(),
  opening_at: stampNow('opening_at'),
});
