import type { ExternalAccountType, Preferences, UserType } from '@sil/contract';
import { boolean, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinics, prescribers } from './clinics.js';
import { id, stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';

const level = (name: string) => smallint(name).notNull().default(0);

export const users = pgTable(
  'users',
  {
    admin_uid: id('admin_uid'),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    user_name: text('user_name').notNull(),
    /** Lower-cased; a login address belongs to one account across all laboratories. */
    user_email: text('user_email').notNull(),
    user_phone_num: text('user_phone_num'),
    email_verified: boolean('email_verified').notNull().default(false),
    phone_verified: boolean('phone_verified').notNull().default(false),
    /** argon2id of the SHA-256 hex the browser sends; null until an invited user sets a password. */
    password_hash: text('password_hash'),
    otp_enabled: boolean('otp_enabled').notNull().default(false),
    user_type: text('user_type').$type<UserType>().notNull(),
    external_account_type: text('external_account_type').$type<ExternalAccountType>(),
    clinic_id: uuid('clinic_id').references(() => clinics.clinic_id),
    prescriber_id: uuid('prescriber_id').references(() => prescribers.prescriber_id),
    user_disabled: boolean('user_disabled').notNull().default(false),
    preferences: jsonb('preferences').$type<Partial<Preferences>>().notNull().default({}),
    admin_nabms: level('admin_nabms'),
    admin_patients: level('admin_patients'),
    admin_records: level('admin_records'),
    admin_prescribers: level('admin_prescribers'),
    admin_analyses: level('admin_analyses'),
    admin_parameters: level('admin_parameters'),
    admin_samples: level('admin_samples'),
    admin_sample_types: level('admin_sample_types'),
    admin_machines: level('admin_machines'),
    admin_families: level('admin_families'),
    admin_matrices: level('admin_matrices'),
    admin_access: level('admin_access'),
    admin_clinics: level('admin_clinics'),
    admin_collectors: level('admin_collectors'),
    admin_rights: boolean('admin_rights').notNull().default(false),
    validation_admin: boolean('validation_admin').notNull().default(false),
    invalidation_admin: boolean('invalidation_admin').notNull().default(false),
    billing_user: boolean('billing_user').notNull().default(false),
    medical_user: boolean('medical_user').notNull().default(false),
    /** The national professional identifier (Pro Santé Connect SubjectNameID) of a linked account. */
    psc_subject: text('psc_subject'),
    psc_linked_at: stamp('psc_linked_at'),
    admin_created: stampNow('admin_created'),
    admin_last_updated: stampNow('admin_last_updated'),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.user_email), index().on(t.laboratory_id)],
);
