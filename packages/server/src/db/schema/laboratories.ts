import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, stampNow } from './columns.js';

export const laboratories = pgTable('laboratories', {
  laboratory_id: id('laboratory_id'),
  laboratory_name: text('laboratory_name').notNull(),
  laboratory_code: text('laboratory_code').notNull().unique(),
  laboratory_settings: jsonb('laboratory_settings').$type<Record<string, unknown>>().notNull().default({}),
  laboratory_last_updated: stampNow('laboratory_last_updated'),
});
