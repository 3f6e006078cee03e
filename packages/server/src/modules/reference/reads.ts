import type { ListQuery } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import { type Actor, type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { exportRows, listRows, present } from '../../lib/list/query.js';
import { type Row, scopeOf } from '../../lib/list/source.js';
import { idColumnOf, isKnownId, laboratoryOf, limitOf, type TableDeps } from './table-rules.js';

/** The table's rows the caller may see, as the list engine pages them. */
export const listTableRows = ({ db, binding }: TableDeps, auth: Authenticated, query: ListQuery) =>
  listRows(db, binding, laboratoryOf(actorOf(auth)), query, limitOf(binding, auth));

export async function tableRow({ db, binding }: TableDeps, auth: Authenticated, id: string): Promise<Row[]> {
  const { entity, table } = binding;
  const idColumn = idColumnOf(binding);
  if (!isKnownId(binding, id)) return fail(entity.notFound);
  const [row] = await db
    .select()
    .from(table)
    .where(and(scopeOf(binding, laboratoryOf(actorOf(auth))), eq(idColumn, id), limitOf(binding, auth)));
  if (row) return [present(entity, row)];
  // A clinic user asking for another clinic's row of its laboratory overreached (spec.md §6).
  const limit = limitOf(binding, auth);
  if (limit) {
    const [elsewhere] = await db
      .select({ id: idColumn })
      .from(table)
      .where(and(scopeOf(binding, laboratoryOf(actorOf(auth))), eq(idColumn, id)));
    if (elsewhere) fail('clinicUserOverreached');
  }
  return fail(entity.notFound);
}

/** Rows to export: the chosen ones, or all of the laboratory, in the default order. */
export const rowsForExport = (
  { db, binding }: TableDeps,
  actor: Actor,
  ids: string[] | undefined,
): Promise<Row[]> => exportRows(db, binding, laboratoryOf(actor), ids);
