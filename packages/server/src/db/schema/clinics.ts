import { boolean, index, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';

export const clinics = pgTable(
  'clinics',
  {
    clinic_id: id('clinic_id'),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    clinic_name: text('clinic_name').notNull(),
    clinic_code: text('clinic_code').notNull(),
    clinic_visible: boolean('clinic_visible').notNull().default(true),
    clinic_phone_num: text('clinic_phone_num'),
    clinic_last_updated: stampNow('clinic_last_updated'),
  },
  (t) => [unique().on(t.laboratory_id, t.clinic_code), index().on(t.laboratory_id)],
);

export const prescribers = pgTable(
  'prescribers',
  {
    prescriber_id: id('prescriber_id'),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    prescriber_title: text('prescriber_title'),
    prescriber_surname: text('prescriber_surname').notNull(),
    prescriber_name: text('prescriber_name').notNull(),
    prescriber_rpps: text('prescriber_rpps'),
    prescriber_adeli: text('prescriber_adeli'),
    prescriber_specialty: smallint('prescriber_specialty'),
    prescriber_phone_num: text('prescriber_phone_num'),
    prescriber_fax: text('prescriber_fax'),
    /** Where the CR-BIO goes by secure health messaging (MSSanté, migration 0052). */
    prescriber_mssante: text('prescriber_mssante'),
    prescriber_last_updated: stampNow('prescriber_last_updated'),
  },
  (t) => [index().on(t.laboratory_id)],
);
