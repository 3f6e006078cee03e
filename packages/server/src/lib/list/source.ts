import type { EntityDefinition, ListQuery } from '@sil/contract';
import { Column, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/open.js';

export type Row = Record<string, unknown>;
/**
 * What a list query is for, so that a search or a filter can take the shape PostgreSQL serves best:
 * - 'count': up to one past the page's countBound, in any order (each match through its own index);
 * - 'page': a page among few matches (at most MANY_MATCHES): read them all by their indexes, sort;
 * - 'page-of-many': a page among many: walk the index of the list's order and stop at the page's
 *   last row, which comes soon since the matches are dense.
 */
export type ListPurpose = 'count' | 'page' | 'page-of-many';

/**
 * A table the list engine lists, searches, sorts, filters, pages and exports: an entity definition
 * of the contract (its sorts, filters, search fields) bound to its database table. Reference tables,
 * patients, records and samples are all lists of this kind.
 */
export interface ListSource<R extends Row = Row> {
  entity: EntityDefinition;
  table: PgTable;
  /**
   * Replaces the plain text search (patients are also found by date of birth, records by patient);
   * `purpose` as for computed filters. A source with `searchMatches` counts its search there, and
   * takes a page among few from that count: its condition serves the page among many alone.
   */
  searchCondition?: (term: string, purpose: ListPurpose, laboratoryId: string) => SQL | undefined;
  /**
   * A search's matches for the bounded count, as disjoint parts each read through its own index
   * (a `SELECT selected … UNION ALL SELECT selected …`), within `rest`: the list's other conditions
   * on the source's table (laboratory, caller's reach, filters). Each part names the source's table
   * as the table itself, so that `rest` and `selected` (the match's id and sort key) apply to it. The
   * count then stops one past countBound matches, where `id IN (…)` gathers and de-duplicates every
   * match first (records by 'Martin'); among few matches, the page's ids come from the same rows.
   */
  searchMatches?: (term: string, laboratoryId: string, rest: SQL, selected: SQL) => SQL;
  /**
   * Whether a searched page is worth walking for at the same time as the count, within the first
   * rows of the list's default order (lib/list/query.ts, `pageWalkedAhead`): for the terms that
   * may match many rows, where that order's index holds what the search checks of each row, so
   * that the walk reads no row (records: their number and patient, migration 0042; patients: their
   * folded names and external id, migration 0043).
   */
  searchWalksAhead?: (term: string) => boolean;
  /**
   * Filters computed rather than read from a column (records_with_ncts…), by filter column name.
   * `purpose` lets a filter take another shape for the count, a page of few and a page of many.
   */
  computedFilters?: Record<string, (values: string[], purpose: ListPurpose, laboratoryId: string) => SQL>;
  /**
   * A computed filter's matches as rows of another table, one row a match, for the count of a list
   * that has no condition but its laboratory and this filter: the laboratory's abnormal records are
   * counted in abnormal_records alone, where the count through the list's table read a record for
   * each (8–19 ms for 2,001 of them at 1 M records, 0.4 ms alone). Undefined when the values ask
   * for what the other table does not hold (the records that are not abnormal).
   */
  countedAlone?: Record<string, (values: string[], laboratoryId: string) => SQL | undefined>;
  /**
   * The computed filters whose shape follows the purpose, by name. When a query uses none of them
   * and no search of `searchMatches`, its page does not wait for its count: both are read at once.
   */
  shapedByPurpose?: { filters: readonly string[] };
  /**
   * An instant that parts this query's matches in two when the list is sorted by its stamp: the
   * page is then the first rows of the union of each part's first rows, each part read through the
   * index that serves it (lib/list/query.ts, `pageOfParts`). Records created between two days,
   * newest update first, split at the end of the last day: those updated since are read among the
   * days' records and sorted; those updated before by walking the last-update index from that
   * instant, where they are dense, instead of from now, past every record updated since.
   */
  stampSplit?: (query: ListQuery, order: 'ASC' | 'DESC') => SQL | undefined;
  /** Conditions a list applies unless the caller filters the same field (clinics: visible ones). */
  defaultFilters?: Record<string, string[]>;
  /**
   * Values a row of this list carries besides its table's columns, each computed in the same
   * statement for the rows shown only (records: their patient's name), instead of a second query.
   */
  rowFields?: Record<string, SQL>;
  /**
   * Fields of the rows shown read after them, in statements of their own, and set on the rows
   * before `present`; run for a page and for an export, on the database the rows came from (a
   * transaction, or the replica a list may read). For a field the page's statement pays for even
   * when it reads little: PostgreSQL plans a statement whole, so a row field that names results
   * (partitioned by month, decision 0034) without a value of their month is planned over every
   * month, 20–40 ms a page at five years, where a second statement naming the page's months as
   * values plans those alone. The page's row fields carry what it needs (the samples' months).
   * Neither these fields nor row fields can be filtered or sorted by: they are read for the rows
   * already chosen.
   */
  completeRows?: (db: Queryable, rows: Row[]) => Promise<void>;
  /** What the API shows of a row, when more than the default (no tenant column, the stamp in ISO 8601). */
  present?: (row: Row) => R;
  /** The field an export is ordered by (the id by default; records and samples by their number). */
  exportOrder?: string;
}

export function columnOf(table: PgTable, field: string): PgColumn {
  const column = getTableColumns(table)[field];
  if (!column) throw new Error(`no column ${field} on ${String(table)}`);
  return column;
}

const dialect = new PgDialect();
const selectLists = new WeakMap<ListSource<Row>, SQL>();

/**
 * What a page or an export of the list selects: the table's columns and the source's row fields,
 * each named as its key (the table's columns are named as their keys: db/schema/schema.test.ts), so
 * that the driver's rows already have the keys of the answer (`readRows`). Rendered to text once per
 * source when it holds no parameter: rendering the 70 columns of a records page and its row fields
 * anew took about 0.2 ms of each list call's CPU. For a statement whose FROM is the source's table
 * alone (`rowsStatement`).
 */
export function selectListOf(source: ListSource<Row>): SQL {
  let list = selectLists.get(source);
  if (list) return list;
  const fields = [
    // A column named as its key, unqualified, as the query builder writes a one-table select: the
    // text PostgreSQL parses at every call stays as short (qualified and named, a records page's
    // statement was twice as long, and parsing it cost PostgreSQL 0.04–0.08 ms more a call).
    ...Object.entries(getTableColumns(source.table)).map(([key, column]) =>
      column.name === key ? sql.identifier(key) : sql`${column} AS ${sql.identifier(key)}`,
    ),
    ...Object.entries(source.rowFields ?? {}).map(
      ([key, field]) => sql`(${field}) AS ${sql.identifier(key)}`,
    ),
  ];
  list = sql.join(fields, sql`, `);
  const rendered = dialect.sqlToQuery(list);
  if (rendered.params.length === 0) list = sql.raw(rendered.sql);
  selectLists.set(source, list);
  return list;
}

/** The source's rows that `where` keeps, in `order`, within a page's bounds when given. */
export function rowsStatement(
  source: ListSource<Row>,
  where: SQL,
  order: Array<SQL | PgColumn>,
  page?: { limit: number; offset: number },
): SQL {
  const bounds = page ? sql` LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  return sql`SELECT ${selectListOf(source)} FROM ${source.table} WHERE ${where}
    ORDER BY ${sql.join(order, sql`, `)}${bounds}`;
}

/** The columns of a table whose stored value the driver's differs from (numbers kept as numeric…). */
function decodedColumns(table: PgTable): Array<[string, PgColumn]> {
  return Object.entries(getTableColumns(table)).filter(
    ([, column]) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue,
  );
}
const decodersOfTable = new WeakMap<PgTable, Array<[string, PgColumn]>>();

/**
 * The rows of a list's select as the driver gives them, with the columns that need it decoded as
 * the query builder would: a page of 50 records of 70 columns spent about 1 ms of CPU in the
 * builder's generic mapping of each field of each row, where most fields come out as they went in.
 */
export async function readRows(
  db: Queryable,
  source: ListSource<Row>,
  query: SQL,
  options: { named?: boolean } = {},
): Promise<Row[]> {
  let decoders = decodersOfTable.get(source.table);
  if (!decoders) {
    decoders = decodedColumns(source.table);
    decodersOfTable.set(source.table, decoders);
  }
  const { rows } = (await (options.named ? executeNamed(db, query) : db.execute(query))) as unknown as {
    rows: Row[];
  };
  for (const row of rows) {
    for (const [key, column] of decoders) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
    }
  }
  return rows;
}

const statementNames = new Map<string, string>();

/**
 * Runs a statement under a name of its own text: each pooled connection parses it once, and
 * PostgreSQL plans it once for all values when, after five runs planned for their own, the one plan
 * costs no more (its default mode, `plan_cache_mode = auto`). Only for a text of few variants whose
 * every value wants the same plan (a page by ids: primary-key look-ups), since each connection keeps
 * every statement it was given. Rows come back as `db.execute` gives them.
 */
function executeNamed(db: Queryable, query: SQL) {
  const rendered = dialect.sqlToQuery(query);
  let name = statementNames.get(rendered.sql);
  if (!name) {
    name = `list_rows_${statementNames.size + 1}`;
    statementNames.set(rendered.sql, name);
  }
  return db._.session.prepareQuery(rendered, undefined, name, false).execute();
}

/** The rows of one laboratory: every list starts there. */
export const scopeOf = (source: ListSource<Row>, laboratoryId: string) =>
  eq(columnOf(source.table, 'laboratory_id'), laboratoryId);
