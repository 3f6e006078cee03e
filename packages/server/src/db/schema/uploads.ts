import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { patients, records } from './records.js';

/** A file attached to a record or a patient; the bytes live in the storage adapter under upload_storage_key. */
export const uploads = pgTable(
  'uploads',
  {
    upload_id: id('upload_id'),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    upload_record: uuid('upload_record').references(() => records.record_id),
    upload_patient: uuid('upload_patient').references(() => patients.patient_id),
    upload_name: text('upload_name').notNull(),
    upload_content_type: text('upload_content_type').notNull(),
    upload_size: bigint('upload_size', { mode: 'number' }).notNull(),
    upload_document_type: text('upload_document_type').notNull(),
    upload_appears_in_report: boolean('upload_appears_in_report').notNull().default(false),
    upload_storage_key: text('upload_storage_key').notNull(),
    upload_by: uuid('upload_by').notNull(),
    upload_created: stampNow('upload_created'),
    upload_last_updated: stampNow('upload_last_updated'),
  },
  (t) => [index().on(t.upload_record), index().on(t.upload_patient)],
);
