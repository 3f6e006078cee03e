import { and, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open.js';
import type { Actor, Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { UUID } from '../../lib/list/query.js';
import { columnOf, type Row, scopeOf } from '../../lib/list/source.js';
import { missingInLaboratory } from '../../lib/tenant.js';
import type { TableBinding } from './binding.js';

/** What the calls of one reference table need: the database and the table's binding. */
export interface TableDeps {
  db: Db;
  binding: TableBinding;
}

export const idColumnOf = (binding: TableBinding) => columnOf(binding.table, binding.entity.idField);

/**
 * A text that is not a UUID names no row of a UUID-keyed table; PostgreSQL would refuse the
 * comparison itself, so such ids are settled before any query.
 */
export const isKnownId = (binding: TableBinding, id: string) =>
  idColumnOf(binding).columnType !== 'PgUUID' || UUID.test(id);

/** An external user sees only their clinic's rows where the table says so; staff see the laboratory's. */
export function limitOf(binding: TableBinding, auth: Authenticated): SQL | undefined {
  if (auth.rights.user_type !== 'external') return undefined;
  if (!binding.clinicScope) return undefined;
  return binding.clinicScope(auth.rights.clinic_id ?? fail('clinicUserOverreached'));
}

export function laboratoryOf(actor: Actor): string {
  return actor.laboratoryId ?? fail('laboratoryNotFound');
}

/** The entity's unique fields, compared without case within the laboratory (the row itself aside). */
export async function assertUnique(
  tx: Tx,
  binding: TableBinding,
  laboratoryId: string,
  values: Row,
  exceptId?: string,
) {
  const { entity, table } = binding;
  const idColumn = idColumnOf(binding);
  for (const { field, code } of entity.unique) {
    const value = values[field];
    if (typeof value !== 'string') continue;
    const conditions: SQL[] = [
      scopeOf(binding, laboratoryId),
      sql`lower(${columnOf(table, field)}) = lower(${value})`,
    ];
    if (exceptId) conditions.push(ne(idColumn, exceptId));
    const [clash] = await tx
      .select({ id: idColumn })
      .from(table)
      .where(and(...conditions))
      .limit(1);
    if (clash) fail(code, { field });
  }
}

/** Every field pointing at another table names rows of the same laboratory. */
export async function assertForeignKeys(tx: Tx, binding: TableBinding, laboratoryId: string, values: Row) {
  for (const [field, foreign] of Object.entries(binding.foreignKeys)) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    const wanted = foreign.isArray && Array.isArray(value) ? value.map(String) : [String(value)];
    const missing = await missingInLaboratory(tx, foreign, laboratoryId, wanted);
    if (missing.length > 0) fail(foreign.notFound, { field, values: missing });
  }
}
