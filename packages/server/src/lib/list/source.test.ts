import { sql } from 'drizzle-orm';
import { integer, numeric, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/open.js';
import { type ListSource, readRows, selectListOf } from './source.js';

const coefficients = pgTable('coefficients', {
  code: text('code').notNull(),
  rank: integer('rank'),
  coefficient: numeric('coefficient', { precision: 10, scale: 2, mode: 'number' }),
  updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
});
const source = {
  table: coefficients,
  rowFields: { shown: sql<boolean>`true` },
} as unknown as ListSource;

/** A database that answers one statement with rows as PostgreSQL's driver gives them. */
const answering = (rows: Array<Record<string, unknown>>) =>
  ({ execute: async () => ({ rows }) }) as unknown as Queryable;

describe('readRows', () => {
  it('decodes what the driver gives as text where the column says otherwise, and leaves the rest', async () => {
    const rows = await readRows(
      answering([
        { code: 'B', rank: 2, coefficient: '26.50', updated: '2026-11-22 15:44:47.123+00', shown: true },
        { code: 'C', rank: null, coefficient: null, updated: null, shown: false },
      ]),
      source,
      sql`SELECT`,
    );
    expect(rows).toEqual([
      { code: 'B', rank: 2, coefficient: 26.5, updated: '2026-11-22 15:44:47.123+00', shown: true },
      { code: 'C', rank: null, coefficient: null, updated: null, shown: false },
    ]);
  });
});

describe('readRows by name', () => {
  /** A database that records the name and text of each statement it is asked to run by name. */
  const naming = () => {
    const asked: Array<{ name: string | undefined; sql: string; params: unknown[] }> = [];
    const session = {
      prepareQuery: (query: { sql: string; params: unknown[] }, _fields: undefined, name?: string) => ({
        execute: async () => {
          asked.push({ name, ...query });
          return { rows: [] };
        },
      }),
    };
    return { db: { _: { session } } as unknown as Queryable, asked };
  };

  it('gives one text one name, whatever its values, and another text another name', async () => {
    const { db, asked } = naming();
    const byIds = (ids: string[]) => sql`SELECT 1 WHERE id = ANY(${sql.param(ids)})`;
    await readRows(db, source, byIds(['a', 'b']), { named: true });
    await readRows(db, source, byIds(['c']), { named: true });
    await readRows(db, source, sql`SELECT 2 WHERE id = ANY(${sql.param(['a'])})`, { named: true });
    expect(asked.map(({ sql: text, params }) => ({ text, params }))).toEqual([
      { text: 'SELECT 1 WHERE id = ANY($1)', params: [['a', 'b']] },
      { text: 'SELECT 1 WHERE id = ANY($1)', params: [['c']] },
      { text: 'SELECT 2 WHERE id = ANY($1)', params: [['a']] },
    ]);
    const [first, second, other] = asked.map(({ name }) => name);
    expect(first).toMatch(/^list_rows_\d+$/);
    expect(second).toBe(first);
    expect(other).toMatch(/^list_rows_\d+$/);
    expect(other).not.toBe(first);
  });
});

describe('selectListOf', () => {
  const render = (list: ReturnType<typeof selectListOf>) => new PgDialect().sqlToQuery(list);

  it('names every column and row field as its key, rendered once for the source', () => {
    const list = selectListOf(source);
    expect(render(list)).toEqual({
      sql: '"code", "rank", "coefficient", "updated", (true) AS "shown"',
      params: [],
    });
    expect(selectListOf(source)).toBe(list);
  });

  it('keeps the parameters of a row field that has some', () => {
    const withParameter = { ...source, rowFields: { above: sql<boolean>`${coefficients.rank} > ${3}` } };
    expect(render(selectListOf(withParameter))).toMatchObject({
      sql: '"code", "rank", "coefficient", "updated", ("coefficients"."rank" > $1) AS "above"',
      params: [3],
    });
  });
});
