import { integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { parameters } from './catalogue.js';
import { id, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { machines } from './reference.js';
import { users } from './users.js';

/**
 * What an instrument code of a file type means (migration 0025): per machine, or for every machine
 * when `mapping_machine` is null; a PCR code may carry its positivity cut-off (Ct/Cq).
 */
export const importMappings = pgTable('import_mappings', {
  mapping_id: id('mapping_id'),
  laboratory_id: uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id),
  mapping_file_type: text('mapping_file_type').notNull(),
  mapping_machine: uuid('mapping_machine').references(() => machines.machine_id, { onDelete: 'cascade' }),
  mapping_instrument_code: text('mapping_instrument_code').notNull(),
  mapping_parameter: uuid('mapping_parameter')
    .notNull()
    .references(() => parameters.parameter_id, { onDelete: 'cascade' }),
  mapping_pcr_cutoff: numeric('mapping_pcr_cutoff', { precision: 8, scale: 3, mode: 'number' }),
  /** An analyser's code (file type 'analyser', migration 0055): its value times this factor is stored. */
  mapping_unit_factor: numeric('mapping_unit_factor', { precision: 18, scale: 9, mode: 'number' }),
  /** The unit the analyser sends for this code; a result in another unit waits in reconciliation. */
  mapping_analyser_unit: text('mapping_analyser_unit'),
  mapping_last_updated: stampNow('mapping_last_updated'),
});

/** Each instrument file imported: who, when, which bytes, how many values it wrote. */
export const resultImports = pgTable('result_imports', {
  import_id: id('import_id'),
  laboratory_id: uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id),
  import_file_type: text('import_file_type').notNull(),
  import_machine: uuid('import_machine').references(() => machines.machine_id, { onDelete: 'set null' }),
  import_file_name: text('import_file_name').notNull(),
  import_file_sha256: text('import_file_sha256').notNull(),
  import_rows: integer('import_rows').notNull(),
  import_written: integer('import_written').notNull(),
  import_by: uuid('import_by')
    .notNull()
    .references(() => users.admin_uid),
  import_at: stampNow('import_at'),
});
