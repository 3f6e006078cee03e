import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../lib/auth-context.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { dropEmpty } from '../../lib/input.js';
import { present } from '../../lib/list/query.js';
import { columnOf, type Row, scopeOf } from '../../lib/list/source.js';
import { writeTransaction } from '../../lib/transaction.js';
import {
  assertForeignKeys,
  assertUnique,
  idColumnOf,
  isKnownId,
  laboratoryOf,
  type TableDeps,
} from './table-rules.js';

/**
 * A row's changes, with the stamp read: unique fields, references and the table's rules over the
 * whole row as it will be stored, audited.
 */
export async function updateTableRow({ db, binding }: TableDeps, actor: Actor, input: Row): Promise<Row> {
  const { entity, table } = binding;
  const idColumn = idColumnOf(binding);
  const laboratoryId = laboratoryOf(actor);
  const {
    [entity.idField]: id,
    [entity.stampField]: stamp,
    ...changes
  } = dropEmpty(input, { dropNull: true });
  if (typeof id !== 'string' || typeof stamp !== 'string') return fail('missingData');
  if (!isKnownId(binding, id)) return fail(entity.notFound);
  return writeTransaction(db, actor, async (tx) => {
    await assertUnique(tx, binding, laboratoryId, changes, id);
    await assertForeignKeys(tx, binding, laboratoryId, changes);
    if (binding.validate) {
      const [current] = await tx
        .select()
        .from(table)
        .where(and(scopeOf(binding, laboratoryId), eq(idColumn, id)));
      if (!current) return fail(entity.notFound);
      await binding.validate(tx, laboratoryId, { ...current, ...changes }, changes);
    }
    const row = await updateIfUnchanged(
      tx,
      table,
      {
        idColumn,
        id,
        stampColumn: columnOf(table, entity.stampField),
        stamp,
        scope: scopeOf(binding, laboratoryId),
      },
      changes,
      entity.notFound,
    );
    return present(entity, row);
  });
}
