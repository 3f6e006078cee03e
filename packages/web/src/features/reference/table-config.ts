import type { EntityDefinition, EntityName, ReferenceTableName } from '@sil/contract';
import type { Row } from '../../lib/table/rows';
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
  | 'recordStatus'
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
  name: EntityName | 'records' | 'patients' | 'techniques';
  entity: EntityDefinition;
  columns: readonly ColumnSpec[];
  form:
    | { kind: 'modal'; fields: readonly FieldSpec[] }
    | { kind: 'page' }
    /** Rows made and opened on screens of their own (the add-record wizard, the record screen). */
    | { kind: 'route'; add: string | null; open: (row: Row) => string | null };
  /** Tables the API does not delete from (patients, records, samples). */
  readOnly?: boolean;
  /** Tables without an export call (patients: spec.md lists none). */
  noExport?: boolean;
  /** Created-from/to date range filter (records). */
  dateRange?: boolean;
  /** Filter columns the server computes (records_with_ncts…), offered as yes-only choices. */
  pseudoFilters?: readonly string[];
  /** Value filters whose values read better as words: the i18n key ('records:status.sent') of a value. */
  valueLabels?: Record<string, (value: string) => string>;
  /** The NABM table imports the national nomenclature. */
  importNabms?: boolean;
}
