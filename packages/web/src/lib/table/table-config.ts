import type { EntityDefinition, EntityName, ReferenceTableName, WebLocale } from '@sil/contract';
import type { z } from 'zod';
import type { FieldSpec } from '../form/field-spec';

/** How a column shows its value. */
export type ColumnFormat =
  | 'text'
  | 'boolean'
  /** A yes/no that calls for attention when yes (an abnormal result). */
  | 'alert'
  | 'date'
  | 'datetime'
  | 'list'
  | 'cents'
  | 'specialty'
  | 'recordStatus'
  | 'sampleStatus'
  /** A sample's results entered out of expected ({ entered, expected }): 'résultats 3/6'. */
  | 'resultsProgress'
  /** The progress steps a sample took, with who and when ([{ step, at, by }]): 'Retiré par … le …'. */
  | 'sampleSteps'
  | { reference: ReferenceTableName };

/** A field of the row a table shows: renaming it in the contract fails every configuration naming it. */
export type FieldOf<R> = keyof R & string;

export interface ColumnSpec<R> {
  field: FieldOf<R>;
  format?: ColumnFormat;
}

/**
 * The one configuration object of a table page: which of the entity's fields show as columns and
 * how, and which form edits a row. Everything else (calls, sorts, filters, rights) comes from the
 * contract's definition of the entity; `row` is the contract's schema of the rows it answers.
 */
export interface ReferenceTableConfig<R> {
  name: EntityName | 'records' | 'patients' | 'techniques' | 'doctors' | 'external_records' | 'tasks';
  entity: EntityDefinition;
  row: z.ZodType<R>;
  /** The entity's id, label and stamp fields, as fields of the row (checked by {@link defineTable}). */
  keys: { id: FieldOf<R>; label: FieldOf<R>; stamp: FieldOf<R> };
  columns: readonly ColumnSpec<R>[];
  form:
    | { kind: 'modal'; fields: readonly FieldSpec<FieldOf<R>>[] }
    | { kind: 'page' }
    /** Rows made and opened on screens of their own (the add-record wizard, the record screen). */
    | {
        kind: 'route';
        add: ((locale: WebLocale) => string) | null;
        open: (row: R, locale: WebLocale) => string | null;
      };
  /** Tables the API does not delete from (patients, records, samples). */
  readOnly?: boolean;
  /** Tables without an export call (patients: spec.md lists none). */
  noExport?: boolean;
  /** Created-from/to date range filter (records). */
  dateRange?: boolean;
  /**
   * Filters every call of the page carries, never offered nor shown: the external records list
   * asks for the records of clinics only, whoever opens it.
   */
  fixedFilters?: Record<string, string[]>;
  /** Filter columns the server computes (records_with_ncts…), offered as yes-only choices. */
  pseudoFilters?: readonly string[];
  /**
   * Stored codes that read better as words, in their column and their filter: the i18n key
   * ('records:genders.F') of a value.
   */
  valueLabels?: Record<string, (value: string) => string>;
}

/** A configuration whose entity names its id, label and stamp among the fields of the row schema. */
export function defineTable<R>(
  row: z.ZodType<R>,
  config: Omit<ReferenceTableConfig<R>, 'row' | 'keys'> & {
    entity: { idField: FieldOf<R>; labelField: FieldOf<R>; stampField: FieldOf<R> };
  },
): ReferenceTableConfig<R> {
  const { idField, labelField, stampField } = config.entity;
  return { ...config, row, keys: { id: idField, label: labelField, stamp: stampField } };
}

/** A stored value shown as text (ids and stamps are text; codes may be numbers). */
export function shownText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
