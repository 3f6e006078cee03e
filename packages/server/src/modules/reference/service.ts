import type { ListQuery } from '@sil/contract';
import { and, arrayOverlaps, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open.js';
import { type Actor, type Authenticated, actorOf } from '../../lib/auth-context.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { dropEmpty } from '../../lib/input.js';
import { exportRows, listRows, present, UUID } from '../../lib/list/query.js';
import { columnOf, type Row, scopeOf } from '../../lib/list/source.js';
import { missingInLaboratory } from '../../lib/tenant.js';
import { writeTransaction } from '../../lib/transaction.js';
import type { TableBinding } from './binding.js';

/** An external user sees only their clinic's rows where the table says so; staff see the laboratory's. */
function limitOf(binding: TableBinding, auth: Authenticated): SQL | undefined {
  if (auth.rights.user_type !== 'external') return undefined;
  if (!binding.clinicScope) return undefined;
  return binding.clinicScope(auth.rights.clinic_id ?? fail('clinicUserOverreached'));
}

/**
 * Create, read, update, delete and export for any reference table, inside the caller's laboratory,
 * with uniqueness, foreign-key and still-referenced checks, audited and transactional.
 */
export function createTableService(db: Db, binding: TableBinding) {
  const { entity, table } = binding;
  const idColumn = columnOf(table, entity.idField);
  // A text that is not a UUID names no row of a UUID-keyed table; PostgreSQL would refuse the
  // comparison itself, so such ids are settled before any query.
  const isKnownId = idColumn.columnType === 'PgUUID' ? (id: string) => UUID.test(id) : (_id: string) => true;

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
      const wanted = foreign.isArray && Array.isArray(value) ? value.map(String) : [String(value)];
      const missing = await missingInLaboratory(tx, foreign, laboratoryId, wanted);
      if (missing.length > 0) fail(foreign.notFound, { field, values: missing });
    }
  }

  return {
    list: (auth: Authenticated, query: ListQuery) =>
      listRows(db, binding, laboratoryOf(actorOf(auth)), query, limitOf(binding, auth)),

    async get(auth: Authenticated, id: string): Promise<Row[]> {
      if (!isKnownId(id)) return fail(entity.notFound);
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
    },

    async add(actor: Actor, input: Row): Promise<Row> {
      const laboratoryId = laboratoryOf(actor);
      const values = dropEmpty(input, { dropNull: true });
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
      const {
        [entity.idField]: id,
        [entity.stampField]: stamp,
        ...changes
      } = dropEmpty(input, { dropNull: true });
      if (typeof id !== 'string' || typeof stamp !== 'string') return fail('missingData');
      if (!isKnownId(id)) return fail(entity.notFound);
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
      const unknown = unique.filter((id) => !isKnownId(id));
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
            .where(and(eq(columnOf(referrer.table, 'laboratory_id'), laboratoryId), condition))
            .limit(1);
          if (used) fail('cannotDelete', { referenced_by: referrer.label });
        }
        await tx.delete(table).where(and(scopeOf(binding, laboratoryId), inArray(idColumn, unique)));
        return { deleted: unique.length };
      });
    },

    /** Rows to export: the chosen ones, or all of the laboratory, in the default order. */
    rowsForExport: (actor: Actor, ids: string[] | undefined): Promise<Row[]> =>
      exportRows(db, binding, laboratoryOf(actor), ids),
  };
}

function laboratoryOf(actor: Actor): string {
  return actor.laboratoryId ?? fail('laboratoryNotFound');
}

export type TableService = ReturnType<typeof createTableService>;
