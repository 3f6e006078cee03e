import { customType, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * The version this one cancels and replaces, and why (migration 0049, decision 0023). The
     * database's key on it is deferred (a restore inserts versions in any order), so it is not
     * declared here: the backup's table order only follows keys to other tables.
     */
    report_replaces: uuid('report_replaces'),
    report_replacement_reason: text('report_replacement_reason'),
  },
  (t) => [unique('record_reports_one_per_version').on(t.report_record, t.report_version)],
);

/**
 * Each invalidation of a record, with its reason and the report version it took back (migration
 * 0049): the next validation's report replaces that version and prints the reasons. Never updated.
 */
export const recordInvalidations = pgTable(
  'record_invalidations',
  {
    invalidation_id: id('invalidation_id'),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    invalidation_record: uuid('invalidation_record')
      .notNull()
      .references(() => records.record_id, { onDelete: 'cascade' }),
    invalidation_report: uuid('invalidation_report').references(() => recordReports.report_id),
    invalidation_samples: uuid('invalidation_samples').array().notNull(),
    invalidation_reason: text('invalidation_reason').notNull(),
    invalidation_by: uuid('invalidation_by')
      .notNull()
      .references(() => users.admin_uid),
    invalidation_at: stampNow('invalidation_at'),
  },
  (t) => [index('record_invalidations_by_record').on(t.invalidation_record, t.invalidation_report)],
);
