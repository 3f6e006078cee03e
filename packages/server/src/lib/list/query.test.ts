import { MAX_ROWS_PER_ANSWER } from '@sil/contract';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/open.js';
import { exportRows } from './query.js';
import type { ListSource, Row } from './source.js';

const tubes = pgTable('tubes', {
  tube_id: uuid('tube_id').primaryKey(),
  laboratory_id: uuid('laboratory_id').notNull(),
  tube_number: text('tube_number').notNull(),
});

describe('exportRows with fields read after the rows', () => {
  it('completes the rows on the database they came from, a page’s worth at a time, before presenting them', async () => {
    const stored = Array.from({ length: MAX_ROWS_PER_ANSWER + 2 }, (_, n) => ({
      tube_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      tube_number: String(n),
    }));
    const db = { execute: async () => ({ rows: stored.map((row) => ({ ...row })) }) } as unknown as Queryable;
    const completions: Array<{ on: Queryable; rows: number }> = [];
    const source = {
      entity: { idField: 'tube_id' },
      table: tubes,
      completeRows: async (on: Queryable, rows: Row[]) => {
        completions.push({ on, rows: rows.length });
        for (const row of rows) row.later = `read after ${row.tube_number}`;
      },
      present: (row: Row) => ({ number: row.tube_number, later: row.later }),
    } as unknown as ListSource;
    const exported = await exportRows(db, source, '00000000-0000-4000-8000-000000000000', undefined);
    expect(completions).toEqual([
      { on: db, rows: MAX_ROWS_PER_ANSWER },
      { on: db, rows: 2 },
    ]);
    expect(exported[0]).toEqual({ number: '0', later: 'read after 0' });
    expect(exported.at(-1)).toEqual({
      number: String(MAX_ROWS_PER_ANSWER + 1),
      later: `read after ${MAX_ROWS_PER_ANSWER + 1}`,
    });
  });
});
