import type { ListQuery } from '@sil/contract';
import { and, arrayOverlaps, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { type Actor, writeTransaction } from '../../lib/transaction.js';
import type { TableBinding } from './binding.js';
import { columnOf, listRows, present, type Row, scopeOf } from './queries.js';

/** Create and update bodies drop what the client left empty (spec.md §5 payload rules). */
function cleanInput(input: Row, dropNull: boolean): Row {
  return Object.fromEntries(
    Object.entries(input).filter(
      ([, value]) => value !== undefined && !(dropNull && value === null) && value !== '',
    ),
  );
}

/**
 * Create, read, update, delete and export for any reference table, inside the caller's laboratory,
 * with uniqueness, foreign-key and still-referenced checks, audited and transactional.
 */
export function createTableService(db: Db, binding: TableBinding) {
  const { entity, table } = binding;
  const idColumn = columnOf(table, entity.idField);

  async function assertUnique(tx: Tx, laboratoryId: string, values: Row, exceptId?: string) {
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

  async function assertForeignKeys(tx: Tx, laboratoryId: string, values: Row) {
    for (const [field, foreign] of Object.entries(binding.foreignKeys)) {
      const value = values[field];
      if (value === undefined || value === null) continue;
      const wanted = [
        ...new Set(foreign.isArray && Array.isArray(value) ? value.map(String) : [String(value)]),
      ];
      if (wanted.length === 0) continue;
      const found = await tx
        .select({ id: foreign.idColumn })
        .from(foreign.table)
        .where(and(inArray(foreign.idColumn, wanted), eq(foreign.laboratoryColumn, laboratoryId)));
      if (found.length !== wanted.length) {
        const known = new Set(found.map((row) => String(row.id)));
        fail(foreign.notFound, { field, values: wanted.filter((id) => !known.has(id)) });
      }
    }
  }

  return {
    /** `limit`: the narrower view of an external user (their clinic's rows), when there is one. */
    list: (actor: Actor, query: ListQuery, limit?: SQL) =>
      listRows(db, binding, laboratoryOf(actor), query, limit),

    async get(actor: Actor, id: string, limit?: SQL): Promise<Row[]> {
      const [row] = await db
        .select()
        .from(table)
        .where(and(scopeOf(binding, laboratoryOf(actor)), eq(idColumn, id), limit));
      if (!row) return fail(entity.notFound);
      return [present(entity, row)];
    },

    async add(actor: Actor, input: Row): Promise<Row> {
      const laboratoryId = laboratoryOf(actor);
      const values = cleanInput(input, true);
      return writeTransaction(db, actor, async (tx) => {
        await assertUnique(tx, laboratoryId, values);
        await assertForeignKeys(tx, laboratoryId, values);
        await binding.validate?.(tx, laboratoryId, values);
        const [row] = await tx
          .insert(table)
          .values({ ...values, laboratory_id: laboratoryId })
          .returning();
        return present(entity, row ?? fail('unexpectedError'));
      });
    },

    async update(actor: Actor, input: Row): Promise<Row> {
      const laboratoryId = laboratoryOf(actor);
      const { [entity.idField]: id, [entity.stampField]: stamp, ...changes } = cleanInput(input, true);
      if (typeof id !== 'string' || typeof stamp !== 'string') return fail('missingData');
      return writeTransaction(db, actor, async (tx) => {
        await assertUnique(tx, laboratoryId, changes, id);
        await assertForeignKeys(tx, laboratoryId, changes);
        if (binding.validate) {
          const [current] = await tx
            .select()
            .from(table)
            .where(and(scopeOf(binding, laboratoryId), eq(idColumn, id)));
          if (!current) return fail(entity.notFound);
          await binding.validate(tx, laboratoryId, { ...current, ...changes });
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
    },

    /** All or nothing: one missing or still-referenced row and nothing is deleted. */
    async remove(actor: Actor, ids: string[]): Promise<{ deleted: number }> {
      const laboratoryId = laboratoryOf(actor);
      const unique = [...new Set(ids)];
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
          const [used] = await tx
            .select({ ref: referrer.column })
            .from(referrer.table)
            .where(condition)
            .limit(1);
          if (used) fail('cannotDelete', { referenced_by: referrer.label });
        }
        await tx.delete(table).where(and(scopeOf(binding, laboratoryId), inArray(idColumn, unique)));
        return { deleted: unique.length };
      });
    },

    /** Rows to export: the chosen ones, or all of the laboratory, in the default order. */
    async rowsForExport(actor: Actor, ids: string[] | undefined): Promise<Row[]> {
      const where = ids
        ? and(scopeOf(binding, laboratoryOf(actor)), inArray(idColumn, ids))
        : scopeOf(binding, laboratoryOf(actor));
      const rows: Row[] = await db.select().from(table).where(where).orderBy(idColumn);
      return rows.map((row) => present(entity, row));
    },
  };
}

function laboratoryOf(actor: Actor): string {
  return actor.laboratoryId ?? fail('laboratoryNotFound');
}

export type TableService = ReturnType<typeof createTableService>;
