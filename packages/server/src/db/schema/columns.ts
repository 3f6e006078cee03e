import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Millisecond precision so that the `{entity}_last_updated` a client read compares equal. */
export const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'string' });
export const stampNow = (name: string) => stamp(name).notNull().default(sql`now()`);
export const id = (name: string) => uuid(name).primaryKey().defaultRandom();
