import { asc, eq, getTableColumns, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/open.js';
import * as schema from '../../db/schema/index.js';

export type Row = Record<string, unknown>;

export interface TenantTable {
  name: string;
  table: PgTable;
}

const tableName = (table: PgTable) => getTableConfig(table).name;
const AUDIT: PgTable = schema.auditTrail;
/**
 * Tables kept by triggers from other tables' rows (the records' per-day counts, migration 0036; the
 * abnormal records, migration 0039; the names versions, migration 0046): neither backed up nor
 * restored, the restored rows write them again as they are inserted (a restore renames nothing).
 */
const DERIVED: PgTable[] = [schema.recordDayCounts, schema.abnormalRecords, schema.referenceNameVersions];

/**
 * Every table holding a laboratory's rows (a `laboratory_id` column), parents before children so
 * that a restore satisfies every foreign key; the audit trail last; derived tables left out. Found
 * from the schema, so that a table added later is backed up without anyone remembering to list it.
 */
export const TENANT_TABLES: TenantTable[] = (() => {
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable =>
      is(value, PgTable) && 'laboratory_id' in getTableColumns(value) && !DERIVED.includes(value),
  );
  const ordered: PgTable[] = [];
  const visit = (table: PgTable, path: Set<PgTable>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const key of getTableConfig(table).foreignKeys) {
      const parent = key.reference().foreignTable;
      if (parent !== table && tables.includes(parent)) visit(parent, path);
    }
    ordered.push(table);
  };
  for (const table of tables) if (table !== AUDIT) visit(table, new Set());
  return [...ordered, AUDIT].map((table) => ({ name: tableName(table), table }));
})();

const laboratoryColumn = (table: PgTable) => {
  const column = getTableColumns(table).laboratory_id;
  if (!column) throw new Error(`${tableName(table)} has no laboratory_id`);
  return column;
};

/** One laboratory's rows of a table, in a stable order (the audit trail in the order it was written). */
export async function laboratoryRows(
  db: Queryable,
  { table }: TenantTable,
  laboratoryId: string,
): Promise<Row[]> {
  const order = table === AUDIT ? asc(schema.auditTrail.modification_id) : sql`1`;
  return db
    .select()
    .from(table)
    .where(eq(laboratoryColumn(table), laboratoryId))
    .orderBy(order);
}

const CHUNK = 500;

/** Inserts rows as they were read; the audit trail gets new entry numbers in the same order. */
export async function insertRows(tx: Tx, { table }: TenantTable, rows: Row[]): Promise<void> {
  const values = table === AUDIT ? rows.map(({ modification_id: _serial, ...row }) => row) : rows;
  for (let start = 0; start < values.length; start += CHUNK)
    await tx.insert(table).values(values.slice(start, start + CHUNK));
}

export async function laboratoryExists(db: Queryable, laboratoryId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: schema.laboratories.laboratory_id })
    .from(schema.laboratories)
    .where(eq(schema.laboratories.laboratory_id, laboratoryId));
  return found !== undefined;
}

/** Removes the trace entries a restore's own inserts left: the restored trail replaces them. */
export async function forgetTracesBy(tx: Tx, actor: string): Promise<void> {
  await tx.delete(schema.auditTrail).where(eq(schema.auditTrail.modification_by, actor));
}
