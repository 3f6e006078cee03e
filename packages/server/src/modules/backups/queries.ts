import { eq, getTableColumns, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/open.js';
import * as schema from '../../db/schema/index.js';

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

type ResultRow = Record<string, unknown>;
/** Both drivers answer `{ rows }` to a raw statement. */
const rowsOf = async (db: Queryable, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: ResultRow[] }).rows;

export interface TableShape {
  /** Columns a row may be given (stored generated columns left out), in table order. */
  columns: string[];
  /** Identity columns (`GENERATED ALWAYS`): restored with their values, then the sequence moved past them. */
  identities: string[];
  primaryKey: string | null;
}

/** The table as the database has it, not as the code believes: a column added by SQL alone counts. */
export async function tableShape(db: Queryable, name: string): Promise<TableShape> {
  const columns = await rowsOf(
    db,
    sql`SELECT attname AS name, attidentity AS identity FROM pg_attribute
        WHERE attrelid = to_regclass(${name}) AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
  );
  const [key] = await rowsOf(
    db,
    sql`SELECT conname AS name FROM pg_constraint WHERE conrelid = to_regclass(${name}) AND contype = 'p'`,
  );
  return {
    columns: columns.map((c) => String(c.name)),
    identities: columns.filter((c) => c.identity === 'a').map((c) => String(c.name)),
    primaryKey: key ? String(key.name) : null,
  };
}

/**
 * A laboratory's rows of a table as JSON text written by the database itself (`to_jsonb`): binary
 * columns as `\x` hex, numerics with every digit, arrays as arrays, times with their offset. The
 * restore hands the same text back to the database (`jsonb_populate_record`), so every column type
 * round-trips without passing through a JavaScript value. The audit trail in the order it was written.
 */
export async function dumpRows(db: Queryable, { name, table }: TenantTable, laboratoryId: string) {
  const order = table === AUDIT ? sql`t.modification_id` : sql`1`;
  const rows = await rowsOf(
    db,
    sql`SELECT to_jsonb(t)::text AS r FROM ${sql.identifier(name)} t
        WHERE t.laboratory_id = ${laboratoryId} ORDER BY ${order}`,
  );
  return rows.map((row) => String(row.r));
}

/** Rows per statement: a statement's parameter stays well under the drivers' limits, PDFs included. */
const CHUNK_ROWS = 500;
const CHUNK_CHARACTERS = 16 * 1024 * 1024;

function* chunks(rows: readonly string[]) {
  let chunk: string[] = [];
  let size = 0;
  for (const row of rows) {
    if (chunk.length > 0 && (chunk.length >= CHUNK_ROWS || size + row.length > CHUNK_CHARACTERS)) {
      yield chunk;
      chunk = [];
      size = 0;
    }
    chunk.push(row);
    size += row.length;
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Columns added by a migration after backups were made, without a default, and how a restore takes
 * their value from rows restored before them (`r` is the row being written): results' partition
 * key (migration 0060) is its record's creation stamp, through its sample.
 */
const DERIVED_COLUMNS: Record<string, Record<string, SQL>> = {
  results: {
    result_record_created: sql`(SELECT rec.record_created FROM samples s
                                  JOIN records rec ON rec.record_id = s.sample_record
                                 WHERE s.sample_id = r.result_sample)`,
  },
};

/**
 * Inserts rows given as JSON text, in their order, and answers how many were written. Only the
 * columns named are written (the others take their defaults: a backup made before a column was
 * added). A row whose primary key is already there is left as it is (`onlyMissing`, a restore into
 * the laboratory that lost rows); any other conflict fails the statement, hence the restore.
 */
export async function insertJsonRows(
  tx: Tx,
  name: string,
  shape: TableShape,
  columns: readonly string[],
  rows: readonly string[],
  onlyMissing: boolean,
): Promise<number> {
  // A column a later migration added without a default, which an older backup's rows lack.
  const derived = Object.entries(DERIVED_COLUMNS[name] ?? {}).filter(
    ([column]) => !columns.includes(column) && shape.columns.includes(column),
  );
  const list = sql.join(
    [...columns, ...derived.map(([column]) => column)].map((column) => sql.identifier(column)),
    sql`, `,
  );
  const picked = sql.join(
    [...columns.map((column) => sql`r.${sql.identifier(column)}`), ...derived.map(([, value]) => value)],
    sql`, `,
  );
  const overriding = columns.some((c) => shape.identities.includes(c)) ? sql`OVERRIDING SYSTEM VALUE` : sql``;
  // A table without a primary key is known by its unique keys (the records' day counters): a
  // row clashing with one is the row already there, and the current one (further on) is kept.
  const conflict = !onlyMissing
    ? sql``
    : shape.primaryKey
      ? sql`ON CONFLICT ON CONSTRAINT ${sql.identifier(shape.primaryKey)} DO NOTHING`
      : sql`ON CONFLICT DO NOTHING`;
  let written = 0;
  for (const chunk of chunks(rows)) {
    const [result] = await rowsOf(
      tx,
      sql`WITH written AS (
            INSERT INTO ${sql.identifier(name)} (${list}) ${overriding}
            SELECT ${picked} FROM jsonb_array_elements(${`[${chunk.join(',')}]`}::jsonb) WITH ORDINALITY AS e(value, n)
            CROSS JOIN LATERAL jsonb_populate_record(NULL::${sql.identifier(name)}, e.value) AS r
            ORDER BY e.n
            ${conflict}
            RETURNING 1)
          SELECT count(*)::int AS written FROM written`,
    );
    written += Number(result?.written ?? 0);
  }
  for (const column of shape.identities.filter((c) => columns.includes(c))) {
    // Restored values were not drawn from the sequence: move it past them, never back.
    await tx.execute(
      sql`SELECT setval(s, greatest(m, coalesce(pg_sequence_last_value(s::regclass), 1)))
          FROM (SELECT pg_get_serial_sequence(${name}, ${column}) AS s,
                       (SELECT max(${sql.identifier(column)}) FROM ${sql.identifier(name)}) AS m) AS x
          WHERE m IS NOT NULL`,
    );
  }
  return written;
}

/**
 * Restored results whose month has no partition yet went to the default one: each such month gets
 * its partition, which takes its rows (migration 0060), so that reads by month find them there.
 */
export async function partitionRestoredResults(tx: Tx): Promise<void> {
  const months = await rowsOf(
    tx,
    sql`SELECT min(result_record_created) AS stamp FROM results_default
         GROUP BY date_trunc('month', result_record_created AT TIME ZONE 'UTC')`,
  );
  for (const { stamp } of months) await tx.execute(sql`SELECT results_month_partition(${stamp})`);
}

/** How many rows of a laboratory a table holds: a restore ends by comparing them with the manifest. */
export async function countRows(db: Queryable, name: string, laboratoryId: string): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE laboratory_id = ${laboratoryId}`,
  );
  return Number(row?.n ?? 0);
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
