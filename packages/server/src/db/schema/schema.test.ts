import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './index.js';

describe('the schema', () => {
  it('names every column as its key, so that rows read as the driver gives them have the keys of the answer', () => {
    const tables = Object.values(schema).filter((value) => is(value, PgTable));
    expect(tables.length).toBeGreaterThan(20);
    const renamed = tables.flatMap((table) =>
      Object.entries(getTableColumns(table))
        .filter(([key, column]) => key !== column.name)
        .map(([key, column]) => `${key} → ${column.name}`),
    );
    expect(renamed).toEqual([]);
  });
});
