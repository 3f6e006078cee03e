import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { clinics, prescribers } from './clinics.js';
import { id, stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { collectors, machines, matrices, sampleTypes } from './reference.js';
import { users } from './users.js';

const laboratory = () =>
  uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id);
const flag = (name: string) => boolean(name).notNull().default(false);

/** A patient and their identity (INS rules: five traits, identity status, INS shown only when qualified). */
export const patients = pgTable(
  'patients',
  {
    patient_id: id('patient_id'),
    laboratory_id: laboratory(),
    patient_surname: text('patient_surname').notNull(),
    patient_name: text('patient_name').notNull(),
    patient_birth_name: text('patient_birth_name'),
    patient_gender: text('patient_gender').notNull(),
    patient_dob: date('patient_dob', { mode: 'string' }).notNull(),
    patient_birthplace: text('patient_birthplace'),
    patient_civility: text('patient_civility'),
    patient_title: text('patient_title'),
    patient_height_cm: integer('patient_height_cm'),
    patient_weight_kg: integer('patient_weight_kg'),
    patient_pregnant: flag('patient_pregnant'),
    patient_newborn: flag('patient_newborn'),
    patient_nir: text('patient_nir'),
    patient_ins: text('patient_ins'),
    patient_ins_oid: text('patient_ins_oid'),
    patient_identity_status: text('patient_identity_status').notNull().default('provisional'),
    patient_address: text('patient_address'),
    patient_city: text('patient_city'),
    patient_zip: text('patient_zip'),
    patient_country: text('patient_country'),
    patient_phone_num: text('patient_phone_num'),
    patient_landline: text('patient_landline'),
    patient_email: text('patient_email'),
    patient_fax: text('patient_fax'),
    patient_insurance: text('patient_insurance'),
    patient_agreement_type: text('patient_agreement_type'),
    patient_insurance_code1: text('patient_insurance_code1'),
    patient_insurance_code2: text('patient_insurance_code2'),
    patient_insurance_from: date('patient_insurance_from', { mode: 'string' }),
    patient_insurance_to: date('patient_insurance_to', { mode: 'string' }),
    patient_external_id: text('patient_external_id'),
    patient_owner: uuid('patient_owner').references(() => clinics.clinic_id),
    patient_treating_practitioner: text('patient_treating_practitioner'),
    patient_posology: text('patient_posology'),
    patient_treatment_last: stamp('patient_treatment_last'),
    patient_internal_notes: text('patient_internal_notes'),
    /** The patient opposes the feeding of their DMP (migration 0053). */
    patient_dmp_opposition: flag('patient_dmp_opposition'),
    patient_created: stampNow('patient_created'),
    patient_last_updated: stampNow('patient_last_updated'),
    /** The names folded for search (migration 0038), written by PostgreSQL only. */
    patient_search_names: text('patient_search_names').generatedAlwaysAs(
      sql`sil_patient_names(patient_surname, patient_name, patient_birth_name)`,
    ),
  },
  (t) => [
    index().on(t.laboratory_id, t.patient_surname),
    index().on(t.laboratory_id, t.patient_dob),
    index().on(t.laboratory_id, t.patient_nir),
  ],
);

export interface SelectedAnalyses {
  combination: number;
  analysis_ids: string[];
}

/** A record (dossier): one prescription for one patient, its samples and how results go out. */
export const records = pgTable(
  'records',
  {
    record_id: id('record_id'),
    laboratory_id: laboratory(),
    record_number: text('record_number').notNull(),
    record_patient: uuid('record_patient')
      .notNull()
      .references(() => patients.patient_id),
    record_status: smallint('record_status').notNull().default(0),
    record_prescription_date: date('record_prescription_date', { mode: 'string' }),
    record_password: text('record_password').notNull(),
    record_internal_notes: text('record_internal_notes'),
    record_collector: uuid('record_collector').references(() => collectors.collector_id),
    record_prescriber: uuid('record_prescriber').references(() => prescribers.prescriber_id),
    record_owner: uuid('record_owner').references(() => clinics.clinic_id),
    record_treating_practitioner: text('record_treating_practitioner'),
    record_collection_datetime: stamp('record_collection_datetime'),
    record_collected_externally: flag('record_collected_externally'),
    record_includes_external_samples: flag('record_includes_external_samples'),
    record_selected_analyses: jsonb('record_selected_analyses')
      .$type<SelectedAnalyses[]>()
      .notNull()
      .default([]),
    record_clinical_information: text('record_clinical_information'),
    record_interpretation: text('record_interpretation'),
    record_is_urgent: flag('record_is_urgent'),
    record_pregnant: flag('record_pregnant'),
    record_unresolved_nca: flag('record_unresolved_nca'),
    record_derog_flag: flag('record_derog_flag'),
    record_derog_description: text('record_derog_description'),
    record_uh_flag: flag('record_uh_flag'),
    record_uh_expected_time: stamp('record_uh_expected_time'),
    record_delai_flag: flag('record_delai_flag'),
    record_delai_cause: text('record_delai_cause'),
    record_delai_expected_time: stamp('record_delai_expected_time'),
    record_delai_actual_time: stamp('record_delai_actual_time'),
    record_delai_impact: text('record_delai_impact'),
    record_oral_flag: flag('record_oral_flag'),
    record_lbloc_flag: flag('record_lbloc_flag'),
    record_lbloc_description: text('record_lbloc_description'),
    record_annulr_flag: flag('record_annulr_flag'),
    record_annulment_explanation: text('record_annulment_explanation'),
    record_replaced_by: uuid('record_replaced_by'),
    record_replaces: uuid('record_replaces'),
    record_sent_externally: flag('record_sent_externally'),
    record_multiprescription: flag('record_multiprescription'),
    record_must_fax: flag('record_must_fax'),
    record_must_phone: flag('record_must_phone'),
    record_must_post: flag('record_must_post'),
    record_must_paper: flag('record_must_paper'),
    record_must_online: flag('record_must_online'),
    record_must_insurance_report: flag('record_must_insurance_report'),
    record_must_occupational_physician: flag('record_must_occupational_physician'),
    record_pending_fax: flag('record_pending_fax'),
    record_pending_phone: flag('record_pending_phone'),
    record_pending_post: flag('record_pending_post'),
    record_pending_paper: flag('record_pending_paper'),
    record_pending_online: flag('record_pending_online'),
    record_pending_insurance_report: flag('record_pending_insurance_report'),
    record_pending_occupational_physician: flag('record_pending_occupational_physician'),
    record_persons_to_phone: text('record_persons_to_phone').array().notNull().default(sql`'{}'::text[]`),
    record_other_persons_to_phone: text('record_other_persons_to_phone'),
    record_phone_number: text('record_phone_number'),
    record_fax_number: text('record_fax_number'),
    record_linked_records: uuid('record_linked_records').array().notNull().default(sql`'{}'::uuid[]`),
    record_special_considerations: text('record_special_considerations'),
    record_additional_information: text('record_additional_information'),
    /** Imported from an earlier version of the product: read-only (cannotEditLock). */
    record_locked: flag('record_locked'),
    record_scanned_at: stamp('record_scanned_at'),
    record_received_at: stamp('record_received_at'),
    record_validated_at: stamp('record_validated_at'),
    record_created: stampNow('record_created'),
    record_last_updated: stampNow('record_last_updated'),
  },
  (t) => [
    unique('records_number_per_laboratory').on(t.laboratory_id, t.record_number),
    index().on(t.laboratory_id, t.record_status),
    index().on(t.laboratory_id, t.record_created),
    index().on(t.record_patient),
  ],
);

/** A sample (technique): a tube or container, for the analyses of one sample type and matrix. */
export const samples = pgTable(
  'samples',
  {
    sample_id: id('sample_id'),
    laboratory_id: laboratory(),
    sample_number: text('sample_number').notNull(),
    sample_record: uuid('sample_record')
      .notNull()
      .references(() => records.record_id),
    sample_type: uuid('sample_type').references(() => sampleTypes.sample_type_id),
    sample_matrix: uuid('sample_matrix').references(() => matrices.matrix_id),
    sample_analyses: uuid('sample_analyses').array().notNull().default(sql`'{}'::uuid[]`),
    sample_status: smallint('sample_status').notNull().default(0),
    sample_collection_datetime: stamp('sample_collection_datetime'),
    sample_collector: uuid('sample_collector').references(() => collectors.collector_id),
    sample_linked_sample: uuid('sample_linked_sample'),
    /** Added by `/add-sample` (migration 0020): the record's planning never changes or removes it. */
    sample_additional: flag('sample_additional'),
    sample_observations: text('sample_observations'),
    sample_interpretation: text('sample_interpretation'),
    sample_nct_active: flag('sample_nct_active'),
    sample_nct_code: text('sample_nct_code'),
    sample_nct_description: text('sample_nct_description'),
    sample_nct_solution: text('sample_nct_solution'),
    sample_lbloc_flag: flag('sample_lbloc_flag'),
    sample_lbloc_description: text('sample_lbloc_description'),
    sample_machine: uuid('sample_machine').references(() => machines.machine_id),
    /** Who took each step and when: signed by the database from the acting user (migration 0018). */
    sample_prepared_by: uuid('sample_prepared_by').references(() => users.admin_uid),
    sample_prepared_at: stamp('sample_prepared_at'),
    sample_injected_by: uuid('sample_injected_by').references(() => users.admin_uid),
    sample_injected_at: stamp('sample_injected_at'),
    sample_removed_by: uuid('sample_removed_by').references(() => users.admin_uid),
    sample_removed_at: stamp('sample_removed_at'),
    sample_validated_by: uuid('sample_validated_by').references(() => users.admin_uid),
    sample_validated_at: stamp('sample_validated_at'),
    sample_last_updated: stampNow('sample_last_updated'),
  },
  (t) => [
    unique('samples_number_per_laboratory').on(t.laboratory_id, t.sample_number),
    index().on(t.sample_record),
  ],
);

/** Per-laboratory, per-day counter behind record numbers (YYMMDD + 4 digits). */
export const recordCounters = pgTable(
  'record_counters',
  {
    laboratory_id: laboratory(),
    counter_day: text('counter_day').notNull(),
    last_value: integer('last_value').notNull(),
  },
  (t) => [unique().on(t.laboratory_id, t.counter_day)],
);

/**
 * The status steps of records and samples and the action owning each (migration 0015): the
 * contract's RECORD_TRANSITIONS and SAMPLE_TRANSITIONS as rows, read by the database's triggers.
 */
export const statusTransitions = pgTable(
  'status_transitions',
  {
    entity: text('entity').$type<'record' | 'sample'>().notNull(),
    from_status: smallint('from_status').notNull(),
    to_status: smallint('to_status').notNull(),
    action: text('action').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'status_transitions_pk',
      columns: [table.entity, table.from_status, table.to_status, table.action],
    }),
  ],
);

/**
 * A laboratory's records of one Paris day, counted by the trigger `records_day_counts` (migration
 * 0036) on every write of a record: the dashboard's quarterly statistics add up a year of days. A
 * day is spread over up to 64 slots, each open transaction bumping one no other is bumping
 * (migration 0057), so that concurrent registrations do not wait on one row until each commits: a
 * day is the sum of its slots.
 */
export const recordDayCounts = pgTable(
  'record_day_counts',
  {
    laboratory_id: laboratory(),
    count_day: date('count_day', { mode: 'string' }).notNull(),
    count_slot: smallint('count_slot').notNull().default(0),
    records_added: integer('records_added').notNull().default(0),
    external_records: integer('external_records').notNull().default(0),
    canceled_replaced: integer('canceled_replaced').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'record_day_counts_pk',
      columns: [table.laboratory_id, table.count_day, table.count_slot],
    }),
  ],
);

/**
 * The records with a validated result out of range (the abnormal mark of the records lists), kept by
 * the triggers `results_abnormal_records` and `samples_abnormal_records` (migration 0039).
 */
export const abnormalRecords = pgTable(
  'abnormal_records',
  {
    record_id: uuid('record_id')
      .primaryKey()
      .references(() => records.record_id, { onDelete: 'cascade' }),
    laboratory_id: laboratory(),
  },
  (table) => [index('abnormal_records_laboratory').on(table.laboratory_id, table.record_id)],
);
