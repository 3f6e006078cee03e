import { sql } from 'drizzle-orm';
import { check, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { id, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { users } from './users.js';

/**
 * A duplicate patient group declared 'not duplicates' (migration 0058): the patients it held when the
 * user decided. A group is no longer proposed while all its patients are in one such set
 * (modules/records/patients/duplicates.ts).
 */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    dismissal_id: id('dismissal_id'),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    dismissal_patients: uuid('dismissal_patients').array().notNull(),
    dismissal_by: uuid('dismissal_by').references(() => users.admin_uid),
    dismissal_created: stampNow('dismissal_created'),
    dismissal_last_updated: stampNow('dismissal_last_updated'),
  },
  (t) => [
    index('duplicate_dismissals_patients_idx').using('gin', t.dismissal_patients),
    check('duplicate_dismissals_two_patients', sql`cardinality(${t.dismissal_patients}) >= 2`),
  ],
);
