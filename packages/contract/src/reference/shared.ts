import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { calendarDate, formBoolean } from '../fields.js';
import type { AdminKey } from '../permissions.js';

/** Field kinds and the shape of a reference-table definition, shared by every table. */
export const name = z.string().trim().min(1).max(200);
export const optionalText = (max = 2000) => z.string().trim().max(max).nullable().optional();
export const optionalId = z.uuid().nullable().optional();
export const optionalBoolean = formBoolean.optional();
/** The largest magnitude a decimal column (numeric(18, 6): twelve digits before the point) stores. */
export const MAX_DECIMAL = 99_999_999_999;
export const optionalNumber = z.coerce
  .number()
  .finite()
  .min(-MAX_DECIMAL)
  .max(MAX_DECIMAL)
  .nullable()
  .optional();
export const optionalInt = z.coerce.number().int().min(0).max(1_000_000).nullable().optional();
export const optionalDate = calendarDate.nullable().optional();
/** NABM codes are 4-character strings (digits for the national acts). */
export const nabmCode = z
  .string()
  .trim()
  .regex(/^[0-9A-Z]{4}$/, 'nabmCode');
/**
 * An e-mail address (a prescriber's MSSanté address), or blank to clear it: the form sends what
 * was typed, trimmed. Any valid address: MSSanté domains are many and the directory says which.
 * Blank stays blank (no transform: answers are encoded back through the same schema).
 */
export const optionalEmail = z
  .union([z.literal(''), z.string().trim().toLowerCase().max(254).pipe(z.email('email'))])
  .nullable()
  .optional();
export const phone = z
  .string()
  .regex(/^\+?[0-9]{6,16}$/, 'phone')
  .nullable()
  .optional();

export type ReferenceTableName =
  | 'matrices'
  | 'families'
  | 'machines'
  | 'sample_types'
  | 'clinics'
  | 'collectors'
  | 'prescribers'
  | 'nabms'
  | 'parameters'
  | 'analyses';

export type FilterKind =
  | { kind: 'boolean' }
  | { kind: 'values'; values: readonly string[] }
  /** Values are ids of another table, whose read right the user needs to see the choices. */
  | { kind: 'reference'; table: ReferenceTableName; permission: AdminKey };

export interface EntityDefinition {
  table: string;
  permission: AdminKey;
  idField: string;
  stampField: string;
  /** Field shown as the row's label in drop-downs and confirmations. */
  labelField: string;
  fields: z.ZodRawShape;
  /** Fields required at creation (the others are optional). */
  required: readonly string[];
  /** External (clinic) users may list and read this table (spec.md §6 'Route restrictions'). */
  externalsRead?: boolean;
  /** Fields set at creation and never sent on update. */
  createOnly?: readonly string[];
  /** Sort options of §9 this table offers, mapped to fields. */
  sorts: Record<string, string>;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /**
   * The default sort of the list when it is filtered by creation days (filter_date_from or
   * filter_date_to), if not `defaultSort`: records come newest created first, the order of the days'
   * own index, so that a page of three months in five years reads its 50 rows and not every record
   * of the months updated since (issue 43).
   */
  dateRangeSort?: { field: string; order: 'ASC' | 'DESC' };
  search: readonly string[];
  filters: Record<string, FilterKind>;
  /**
   * Fields naming rows of other tables of the same laboratory (`list`: an array of them); a value
   * naming no such row answers that table's not-found code.
   */
  refersTo?: Readonly<Record<string, { table: ReferenceTableName; list?: boolean }>>;
  /** Fields unique within a laboratory (case-insensitive), with the code answered on a clash. */
  unique: ReadonlyArray<{ field: string; code: ErrorCode }>;
  notFound: ErrorCode;
  /** Codes the table's own rules answer when a row is added or changed (bounds, formulas). */
  ruleErrors?: readonly ErrorCode[];
  paths: { list: string; get: string; add: string; update: string; delete: string; export: string };
}

export const paths = (singular: string, plural: string, exportName = plural) => ({
  list: `/api/get-${plural}`,
  get: `/api/get-${singular}`,
  add: `/api/add-${singular}`,
  update: `/api/update-${singular}`,
  delete: `/api/delete-${plural}`,
  export: `/api/export-${exportName}`,
});

export const byUpdate = (stampField: string) => ({ field: stampField, order: 'DESC' as const });
