import { eq, is, Subquery, Table } from 'drizzle-orm';
import { pgTable, QueryBuilder, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/open.js';
import { readOnly } from './read-only.js';

const owned = pgTable('owned_rows', { row_id: uuid('row_id').primaryKey(), row_label: text('row_label') });
const mine = pgTable('my_rows', { mine_id: uuid('mine_id').primaryKey(), mine_owned: uuid('mine_owned') });
const builder = new QueryBuilder();

describe('readOnly', () => {
  it("reads another module's table under its own name, columns and locks", () => {
    const rows = readOnly(owned);
    const query = builder
      .select({ id: mine.mine_id, label: rows.row_label })
      .from(mine)
      .innerJoin(rows, eq(rows.row_id, mine.mine_owned))
      .where(eq(rows.row_label, 'x'))
      .for('update');
    expect(query.toSQL().sql).toBe(
      'select "my_rows"."mine_id", "owned_rows"."row_label" from "my_rows" inner join ' +
        '(select "row_id", "row_label" from "owned_rows") "owned_rows" on "owned_rows"."row_id" = "my_rows"."mine_owned" ' +
        'where "owned_rows"."row_label" = $1 for update',
    );
  });

  it('cannot be written: it is a subquery, not a table', () => {
    const rows = readOnly(owned);
    expect(is(rows, Subquery)).toBe(true);
    expect(is(rows, Table)).toBe(false);
    // The typecheck (npx tsc -b packages/server) fails if a write ever takes it.
    // @ts-expect-error insert, update and delete take only a table
    const write = (q: Queryable) => q.update(rows);
    expect(write).toBeTypeOf('function');
  });
});
