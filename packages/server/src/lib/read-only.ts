import { getTableName, type Subquery } from 'drizzle-orm';
import { type PgTable, QueryBuilder, type SubqueryWithSelection } from 'drizzle-orm/pg-core';

const builder = new QueryBuilder();

/** A table of another module, as readOnly gives it. */
export type ReadOnlyTable<T extends PgTable = PgTable> = SubqueryWithSelection<
  T['_']['columns'],
  T['_']['name']
>;

/**
 * A module's table as another module reads it (docs/architecture.md 'Boundaries', tables have
 * owners): the owner's tables.ts exports this instead of the table. It is joined, filtered and
 * locked like the table, under the table's name and with its columns, but it is a subquery, so no
 * insert, update or delete takes it: writes go through the owner's index.ts. PostgreSQL pulls such
 * a subquery up into the statement that reads it, so the plan is the table's own.
 */
export function readOnly<T extends PgTable>(table: T): ReadOnlyTable<T> {
  return builder
    .select()
    .from(table as PgTable)
    .as(getTableName(table)) as never;
}

/** Every column of a read-only table, to select its row as one field: `{ record: columnsOf(records) }`. */
export function columnsOf<S extends Subquery>(table: S): S['_']['selectedFields'] {
  const fields = table as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(table._.selectedFields).map((key) => [key, fields[key]])) as never;
}
