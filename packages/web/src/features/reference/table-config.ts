import type { EntityDefinition, EntityName, ReferenceTableName } from '@sil/contract';
import type { FieldSpec } from './field-spec';

/** How a column shows its value. */
export type ColumnFormat =
  | 'text'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'list'
  | 'cents'
  | 'specialty'
  | { reference: ReferenceTableName };

export interface ColumnSpec {
  field: string;
  format?: ColumnFormat;
}

/**
 * The one configuration object of a table page: which of the entity's fields show as columns and
 * how, and which form edits a row. Everything else (calls, sorts, filters, rights) comes from the
 * contract's definition of the entity.
 */
export interface ReferenceTableConfig {
  name: EntityName;
  entity: EntityDefinition;
  columns: readonly ColumnSpec[];
  form: { kind: 'modal'; fields: readonly FieldSpec[] } | { kind: 'page' };
  /** The NABM table imports the national nomenclature. */
  importNabms?: boolean;
}
