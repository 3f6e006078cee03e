import { boolean, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { analyses } from './catalogue.js';
import { id, stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { records } from './records.js';
import { users } from './users.js';

const laboratory = () =>
  uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id);

/** An analysis of a record not performed (ANE), one per analysis (migration 0021). */
export const recordAnes = pgTable(
  'record_anes',
  {
    ane_id: id('ane_id'),
    laboratory_id: laboratory(),
    ane_record: uuid('ane_record')
      .notNull()
      .references(() => records.record_id, { onDelete: 'cascade' }),
    ane_analysis: uuid('ane_analysis')
      .notNull()
      .references(() => analyses.analysis_id),
    ane_code: text('ane_code').notNull(),
    ane_description: text('ane_description'),
    ane_created_by: uuid('ane_created_by')
      .notNull()
      .references(() => users.admin_uid),
    ane_created_at: stampNow('ane_created_at'),
    ane_last_updated: stampNow('ane_last_updated'),
  },
  (t) => [unique('record_anes_one_per_analysis').on(t.ane_record, t.ane_analysis)],
);

/** An administrative non-conformity of a record (NCA), open until resolved with a solution. */
export const recordNcas = pgTable(
  'record_ncas',
  {
    nca_id: id('nca_id'),
    laboratory_id: laboratory(),
    nca_record: uuid('nca_record')
      .notNull()
      .references(() => records.record_id, { onDelete: 'cascade' }),
    nca_code: text('nca_code').notNull(),
    nca_description: text('nca_description'),
    nca_solution: text('nca_solution'),
    nca_resolved: boolean('nca_resolved').notNull().default(false),
    nca_created_by: uuid('nca_created_by')
      .notNull()
      .references(() => users.admin_uid),
    nca_created_at: stampNow('nca_created_at'),
    nca_resolved_by: uuid('nca_resolved_by').references(() => users.admin_uid),
    nca_resolved_at: stamp('nca_resolved_at'),
    nca_last_updated: stampNow('nca_last_updated'),
  },
  (t) => [index('record_ncas_record').on(t.nca_record)],
);
