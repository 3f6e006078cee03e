import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, stampNow } from './columns.js';

/**
 * Audit trail (spec.md §3 'Audit trace entry'). Rows are written only by the database triggers of
 * migration 0001 on audited tables, in the writing transaction, one row per changed field.
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    modification_id: bigserial('modification_id', { mode: 'number' }).primaryKey(),
    laboratory_id: uuid('laboratory_id'),
    table_name: text('table_name').notNull(),
    row_id: text('row_id').notNull(),
    /** The acting user's admin_uid, or 'system' for seeding and maintenance. */
    modification_by: text('modification_by').notNull(),
    modification_field: text('modification_field'),
    modification_old_value: text('modification_old_value'),
    modification_new_value: text('modification_new_value'),
    modification_timestamp: stampNow('modification_timestamp'),
    modification_type: text('modification_type').$type<'insert' | 'update' | 'delete'>().notNull(),
    log_comment: text('log_comment'),
    nca: text('nca'),
  },
  (t) => [index().on(t.table_name, t.row_id), index().on(t.laboratory_id, t.modification_timestamp)],
);

/** Logins, failed logins and refused authorizations: who, what, when (UTC), from where. */
export const securityEvents = pgTable(
  'security_events',
  {
    event_id: id('event_id'),
    event_type: text('event_type').notNull(),
    admin_uid: uuid('admin_uid'),
    laboratory_id: uuid('laboratory_id'),
    email: text('email'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    detail: text('detail'),
    occurred_at: stampNow('occurred_at'),
  },
  (t) => [index().on(t.occurred_at), index().on(t.admin_uid)],
);
