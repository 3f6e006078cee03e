import type { ErrorCode } from '@sil/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/open.js';
import { fail } from './errors.js';
import { toIso } from './time.js';

/**
 * Optimistic concurrency: updates the row only if its `{entity}_last_updated` still equals the
 * stamp the client read; otherwise answers `staleUpdate` (or the entity's not-found code) and
 * changes nothing. An update with nothing to set is checked the same way and answers the row as
 * it is: no write, so no trace and no new stamp.
 */
export async function updateIfUnchanged<T extends PgTable>(
  tx: Tx,
  table: T,
  target: { idColumn: PgColumn; id: string; stampColumn: PgColumn; stamp: string; scope?: SQL },
  values: PgUpdateSetSource<T>,
  notFound: ErrorCode,
): Promise<T['$inferSelect']> {
  const { idColumn, id, stampColumn, stamp, scope } = target;
  const whereRow = scope ? and(eq(idColumn, id), scope) : eq(idColumn, id);
  const sameStamp = eq(stampColumn, new Date(stamp).toISOString());
  if (Object.values(values).every((value) => value === undefined)) {
    const [unchanged] = (await tx
      .select()
      .from(table as PgTable)
      .where(and(whereRow, sameStamp))) as Array<T['$inferSelect']>;
    if (unchanged) return unchanged;
  } else {
    // drizzle cannot infer `returning()` through a generic table; the row is the table's own.
    const [updated] = (await tx
      .update(table)
      .set(values)
      .where(and(whereRow, sameStamp))
      .returning()) as Array<T['$inferSelect']>;
    if (updated) return updated;
  }
  const existing = await tx
    .select({ stamp: stampColumn })
    .from(table as PgTable)
    .where(whereRow);
  const current = existing[0]?.stamp;
  if (current === undefined) return fail(notFound);
  // In the API's own format (ISO 8601), so that the client can send it back as it is.
  return fail('staleUpdate', {
    current_last_updated: current instanceof Date ? current.toISOString() : toIso(String(current)),
  });
}
