import type { AnalyserProtocol, AnalyserTransport, BiologyChapter, SERIAL_PARITIES } from '@sil/contract';
import { bigint, boolean, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.js';
import { id, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';

const laboratory = () =>
  uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id);

export const matrices = pgTable(
  'matrices',
  {
    matrix_id: id('matrix_id'),
    laboratory_id: laboratory(),
    matrix_name: text('matrix_name').notNull(),
    matrix_last_updated: stampNow('matrix_last_updated'),
  },
  (t) => [index().on(t.laboratory_id)],
);

export const families = pgTable(
  'families',
  {
    family_id: id('family_id'),
    laboratory_id: laboratory(),
    family_name: text('family_name').notNull(),
    family_rank: integer('family_rank'),
    family_report_message: text('family_report_message'),
    family_is_envoi: boolean('family_is_envoi').notNull().default(false),
    /** The LOINC chapter of the biology report its analyses are exchanged under (CR-BIO sections). */
    family_chapter: text('family_chapter').$type<BiologyChapter>(),
    family_last_updated: stampNow('family_last_updated'),
  },
  (t) => [index().on(t.laboratory_id)],
);

export const machines = pgTable(
  'machines',
  {
    machine_id: id('machine_id'),
    laboratory_id: laboratory(),
    machine_name: text('machine_name').notNull(),
    machine_code: text('machine_code').notNull(),
    machine_location: text('machine_location'),
    // How the analyser is connected through an agent (migration 0055, issue 41).
    machine_protocol: text('machine_protocol').$type<AnalyserProtocol>(),
    machine_transport: text('machine_transport').$type<AnalyserTransport>(),
    machine_host: text('machine_host'),
    machine_port: integer('machine_port'),
    machine_serial_path: text('machine_serial_path'),
    machine_baud_rate: integer('machine_baud_rate'),
    machine_data_bits: integer('machine_data_bits'),
    machine_parity: text('machine_parity').$type<(typeof SERIAL_PARITIES)[number]>(),
    machine_stop_bits: numeric('machine_stop_bits', { precision: 2, scale: 1, mode: 'number' }),
    // No reference to agents here: agents.ts refers to machines' laboratory, the database holds the key.
    machine_agent: uuid('machine_agent'),
    machine_download: boolean('machine_download').notNull().default(false),
    machine_last_updated: stampNow('machine_last_updated'),
  },
  (t) => [index().on(t.laboratory_id)],
);

export const sampleTypes = pgTable(
  'sample_types',
  {
    sample_type_id: id('sample_type_id'),
    laboratory_id: laboratory(),
    sample_type_name: text('sample_type_name').notNull(),
    sample_type_description: text('sample_type_description'),
    sample_type_last_updated: stampNow('sample_type_last_updated'),
  },
  (t) => [index().on(t.laboratory_id)],
);

export const collectors = pgTable(
  'collectors',
  {
    collector_id: id('collector_id'),
    laboratory_id: laboratory(),
    collector_surname: text('collector_surname').notNull(),
    collector_name: text('collector_name').notNull(),
    collector_owner: uuid('collector_owner').references(() => clinics.clinic_id),
    collector_phone_num: text('collector_phone_num'),
    collector_billed_by_lab: boolean('collector_billed_by_lab').notNull().default(false),
    collector_billing_number: text('collector_billing_number'),
    collector_call_code: text('collector_call_code'),
    collector_conventional_code: text('collector_conventional_code'),
    collector_ged_doc_diff: text('collector_ged_doc_diff'),
    collector_ik_zone: text('collector_ik_zone'),
    collector_internal_code: text('collector_internal_code'),
    collector_obsolete_from: date('collector_obsolete_from', { mode: 'string' }),
    collector_practice_conditions: text('collector_practice_conditions'),
    collector_pricing_zone: text('collector_pricing_zone'),
    collector_qualification: text('collector_qualification'),
    collector_structure_number: text('collector_structure_number'),
    collector_last_updated: stampNow('collector_last_updated'),
  },
  (t) => [index().on(t.laboratory_id), index().on(t.collector_owner)],
);

/**
 * A laboratory's names version, moved by the triggers of migration 0046 at every rename or deletion
 * of a prescriber, collector, clinic, analysis, sample type or matrix: what each server's remembered
 * names of the record screen are checked against (modules/records/records/reference-names.ts).
 */
export const referenceNameVersions = pgTable('reference_name_versions', {
  laboratory_id: uuid('laboratory_id').primaryKey(),
  names_version: bigint('names_version', { mode: 'number' }).notNull(),
});
