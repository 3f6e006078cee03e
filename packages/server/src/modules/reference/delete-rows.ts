import { type AnyColumn, and, arrayOverlaps, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { scopeOf } from '../../lib/list/source.js';
import { writeTransaction } from '../../lib/transaction.js';
import type { Referrer } from './binding.js';
import { idColumnOf, isKnownId, laboratoryOf, type TableDeps } from './table-rules.js';

/** The referring rows' laboratory column: a table and a read-only copy both name their columns. */
function laboratoryColumnOf({ table, label }: Referrer): AnyColumn {
  const column = (table as unknown as Partial<Record<'laboratory_id', AnyColumn>>).laboratory_id;
  if (!column) throw new Error(`the ${label} that refer to a reference row have no laboratory_id`);
  return column;
}

/** All or nothing: one missing or still-referenced row and nothing is deleted. */
export async function deleteTableRows(
  { db, binding }: TableDeps,
  actor: Actor,
  ids: string[],
): Promise<{ deleted: number }> {
  const { entity, table } = binding;
  const idColumn = idColumnOf(binding);
  const laboratoryId = laboratoryOf(actor);
  const unique = [...new Set(ids)];
  const unknown = unique.filter((id) => !isKnownId(binding, id));
  if (unknown.length > 0) return fail(entity.notFound, { ids: unknown });
  return writeTransaction(db, actor, async (tx) => {
    const found = await tx
      .select({ id: idColumn })
      .from(table)
      .where(and(scopeOf(binding, laboratoryId), inArray(idColumn, unique)));
    if (found.length !== unique.length) {
      const present = new Set(found.map((row) => String(row.id)));
      fail(entity.notFound, { ids: unique.filter((id) => !present.has(id)) });
    }
    for (const referrer of binding.referencedBy) {
      const condition = referrer.isArray
        ? arrayOverlaps(referrer.column, unique)
        : inArray(referrer.column, unique);
      // Codes (NABM acts) repeat from one laboratory to the next: only this laboratory's rows keep one.
      const [used] = await tx
        .select({ ref: referrer.column })
        .from(referrer.table)
        .where(and(eq(laboratoryColumnOf(referrer), laboratoryId), condition))
        .limit(1);
      if (used) fail('cannotDelete', { referenced_by: referrer.label });
    }
    await tx.delete(table).where(and(scopeOf(binding, laboratoryId), inArray(idColumn, unique)));
    return { deleted: unique.length };
  });
}
