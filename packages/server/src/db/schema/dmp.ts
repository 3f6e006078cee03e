import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { records } from './records.js';

/**
 * A record's DMP feed (migration 0053, docs/dmp.md): the biologist's choice to hide it from the
 * patient, and what became of its submission (state, reason, the document the DMP holds).
 */
export const recordDmp = pgTable('record_dmp', {
  dmp_record: uuid('dmp_record')
    .primaryKey()
    .references(() => records.record_id, { onDelete: 'cascade' }),
  laboratory_id: uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id),
  dmp_state: text('dmp_state').notNull().default('none'),
  dmp_reason: text('dmp_reason'),
  dmp_invisible_override: boolean('dmp_invisible_override'),
  dmp_invisible: boolean('dmp_invisible').notNull().default(false),
  dmp_document_id: text('dmp_document_id'),
  dmp_entry_uuid: uuid('dmp_entry_uuid'),
  dmp_replaced_document_id: text('dmp_replaced_document_id'),
  dmp_sent_at: stamp('dmp_sent_at'),
  dmp_last_updated: stampNow('dmp_last_updated'),
});
