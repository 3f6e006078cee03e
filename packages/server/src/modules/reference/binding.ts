import type { ErrorCode } from '@sil/contract';
import type { SQL, Subquery } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/open.js';
import type { ListSource } from '../../lib/list/source.js';
import type { TenantTable } from '../../lib/tenant.js';

/** Another table whose rows point at this one: a row still pointed at cannot be deleted. */
export interface Referrer {
  /** One of this module's tables, or another module's as its tables.ts lets it be read. */
  table: PgTable | Subquery;
  column: PgColumn;
  /** The column holds an array of ids (or codes) rather than one. */
  isArray?: boolean;
  /** What the referring rows are, for the refusal's details. */
  label: string;
}

/** A field pointing at another table of the same laboratory, checked on create and update. */
export interface ForeignKey extends TenantTable {
  /** The field holds a list of ids (or codes), every one of which must exist. */
  isArray?: boolean;
  notFound: ErrorCode;
}

/** A reference table: a list source that the generic calls also create, update and delete. */
export interface TableBinding extends ListSource {
  referencedBy: Referrer[];
  foreignKeys: Record<string, ForeignKey>;
  /**
   * Rules over the whole row as it will be stored (the update merged onto the current row);
   * `written` holds the fields this write sends, for a rule about what a write makes of the row.
   */
  validate?: (
    tx: Tx,
    laboratoryId: string,
    row: Record<string, unknown>,
    written: Record<string, unknown>,
  ) => Promise<void>;
  /**
   * A new row's fields the add does not name, decided from those it does (analyses: orderable only
   * with a parameter); the column's own default applies to the others.
   */
  addDefaults?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** What an external (clinic) user may see of the table, given their clinic. */
  clinicScope?: (clinicId: string) => SQL;
}
