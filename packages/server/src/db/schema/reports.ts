import { customType, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { records } from './records.js';
import { users } from './users.js';

/** PDF bytes; node-postgres answers a Buffer, the embedded database a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** One generated version of a record's result report (migration 0026); never updated. */
export const recordReports = pgTable(
  'record_reports',
  {
    report_id: id('report_id'),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    report_record: uuid('report_record')
      .notNull()
      .references(() => records.record_id),
    report_version: integer('report_version').notNull(),
    report_kind: text('report_kind').$type<'partial' | 'final'>().notNull(),
    report_validated_by: uuid('report_validated_by')
      .notNull()
      .references(() => users.admin_uid),
    report_validated_at: stampNow('report_validated_at'),
    report_sha256: text('report_sha256').notNull(),
    report_size: integer('report_size').notNull(),
    report_pdf: bytea('report_pdf').notNull(),
  },
  (t) => [unique('record_reports_one_per_version').on(t.report_record, t.report_version)],
);
