import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { stampNow } from './columns.js';

/** Messages the local SMS and e-mail adapters keep instead of sending them (development, tests, demo). */
export const outbox = pgTable('outbox', {
  message_id: uuid('message_id').primaryKey().defaultRandom(),
  channel: text('channel').$type<'sms' | 'email' | 'fax'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  created_at: stampNow('created_at'),
});

/** Settings shared by every server copy (for instance the access-token signing key when none is configured). */
export const systemSettings = pgTable('system_settings', {
  setting_key: text('setting_key').primaryKey(),
  setting_value: text('setting_value').notNull(),
  created_at: stampNow('created_at'),
});
