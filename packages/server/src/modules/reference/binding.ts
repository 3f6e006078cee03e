import type { EntityDefinition, ErrorCode } from '@sil/contract';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/open.js';

/** Another table whose rows point at this one: a row still pointed at cannot be deleted. */
export interface Referrer {
  table: PgTable;
  column: PgColumn;
  /** The column holds an array of ids (or codes) rather than one. */
  isArray?: boolean;
  /** What the referring rows are, for the refusal's details. */
  label: string;
}

/** A field pointing at another table of the same laboratory, checked on create and update. */
export interface ForeignKey {
  /** The field holds a list of ids (or codes), every one of which must exist. */
  isArray?: boolean;
  table: PgTable;
  idColumn: PgColumn;
  laboratoryColumn: PgColumn;
  notFound: ErrorCode;
}

/** An entity definition of the contract bound to its database table. */
export interface TableBinding {
  entity: EntityDefinition;
  table: PgTable;
  referencedBy: Referrer[];
  foreignKeys: Record<string, ForeignKey>;
  /** Rules over the whole row as it will be stored (the update merged onto the current row). */
  validate?: (tx: Tx, laboratoryId: string, row: Record<string, unknown>) => Promise<void>;
  /** Replaces the plain text search (patients are also found by date of birth, records by patient). */
  searchCondition?: (term: string) => SQL | undefined;
  /** Filters computed rather than read from a column (records_with_ncts…), by filter column name. */
  computedFilters?: Record<string, (values: string[]) => SQL>;
  /** What an external (clinic) user may see of the table, given their clinic. */
  clinicScope?: (clinicId: string) => SQL;
  /** Conditions a list applies unless the caller filters the same field (clinics: visible ones). */
  defaultFilters?: Record<string, string[]>;
}
