import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/open.js';

/** A table of tenant rows: the column that names a row and the one that names its laboratory. */
export interface TenantTable {
  table: PgTable;
  idColumn: PgColumn;
  laboratoryColumn: PgColumn;
}

/**
 * The ids among `ids` that name no row of `target` in the laboratory: an id from another laboratory
 * is as unknown as one that never existed.
 */
export async function missingInLaboratory(
  q: Queryable,
  target: TenantTable,
  laboratoryId: string,
  ids: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await q
    .select({ id: target.idColumn })
    .from(target.table)
    .where(and(inArray(target.idColumn, wanted), eq(target.laboratoryColumn, laboratoryId)));
  const known = new Set(found.map((row) => String(row.id)));
  return wanted.filter((id) => !known.has(id));
}
