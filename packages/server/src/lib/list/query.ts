import {
  countBound,
  type EntityDefinition,
  groupFilters,
  type ListQuery,
  MAX_ROWS_PER_ANSWER,
  pageCount,
} from '@sil/contract';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  getTableName,
  gte,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Queryable, runsStatementsAtOnce } from '../../db/open.js';
import { lagTolerant } from '../../db/read-replica.js';
import { fail } from '../errors.js';
import { presentRow } from '../time.js';
import {
  columnOf,
  type ListPurpose,
  type ListSource,
  type Row,
  readRows,
  rowsStatement,
  scopeOf,
} from './source.js';

/** What the API shows of a row: no tenant column, stamps in ISO 8601. */
export const present = (entity: EntityDefinition, row: Row): Row => presentRow(row, [entity.stampField]);
const presenterOf = <R extends Row>(source: ListSource<R>) =>
  source.present ?? ((row: Row) => present(source.entity, row) as R);

/**
 * The rows read, completed with the fields their source reads after them (ListSource.completeRows)
 * on the same database. An export's rows are completed a page's worth at a time (the most a page
 * holds), so that no statement of theirs is larger than a page's.
 */
async function completed(db: Queryable, binding: ListSource, rows: Row[]): Promise<Row[]> {
  const complete = binding.completeRows;
  if (!complete) return rows;
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_ANSWER)
    await complete(db, rows.slice(start, start + MAX_ROWS_PER_ANSWER));
  return rows;
}

/** A search term matched literally: %, _ and \\ in it are not wildcards. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A search term found anywhere in a text. */
export const like = (term: string) => `%${escapeLike(term)}%`;
/**
 * A folded text (migration 0014's `sil_fold`: lower case, no accents, hyphens as spaces, no
 * apostrophes) that holds the term folded the same way: 'helene' finds 'Hélène'.
 */
export const foldedContains = (folded: SQL | AnyColumn, term: string) =>
  sql`${folded} LIKE '%' || sil_fold(${escapeLike(term)}) || '%'`;
/**
 * A term that reads as a number typed whole or by its beginning: six digits or more (a record
 * number's day, a NIR's first digits), with a sample number's dash and tube after them. Numbers are
 * then matched by their beginning through a btree (migration 0024), not by any part through their
 * trigram index, which answers digits slowly (most numbers share their digit trigrams).
 */
export const isNumberTerm = (term: string) => /^\d{6,}(-\d*)?$/.test(term);
/**
 * A term that may match many rows: a name alone (one word, no digit). A surname with a first name,
 * a number or a date finds few, whose page the count reads (ListSource.searchWalksAhead).
 */
export const isNameAlone = (term: string) => !/[\s\d]/.test(term);
/** A text that begins with the term, literally (LIKE, so that a text_pattern_ops btree serves it). */
export const startsWith = (column: SQL | AnyColumn, term: string) =>
  sql`${column} LIKE ${`${escapeLike(term)}%`}`;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filterCondition(
  binding: ListSource,
  field: string,
  values: string[],
  purpose: ListPurpose,
  laboratoryId: string,
): SQL {
  const computed = binding.computedFilters?.[field];
  if (computed) return computed(values, purpose, laboratoryId);
  const kind = binding.entity.filters[field];
  if (!kind) return fail('invalidOption', { field: 'filter_column[]', value: field });
  const column = columnOf(binding.table, field);
  if (kind.kind === 'boolean') {
    const booleans = values.map((v) => v.toLowerCase());
    if (booleans.some((v) => v !== 'true' && v !== 'false'))
      fail('incorrectType', { field: 'filter_value[]', value: field });
    return inArray(column, [...new Set(booleans.map((v) => v === 'true'))]);
  }
  if (kind.kind === 'reference' && values.some((v) => !UUID.test(v)))
    fail('incorrectType', { field: 'filter_value[]', value: field });
  if (kind.kind === 'values' && values.some((v) => !kind.values.includes(v)))
    fail('invalidOption', { field: 'filter_value[]', value: field });
  return inArray(column, values);
}

/** The sort a list takes unless asked for another: by creation when filtered by creation days. */
const defaultSortOf = ({ entity }: ListSource, query: ListQuery) =>
  entity.dateRangeSort && (query.filter_date_from || query.filter_date_to)
    ? entity.dateRangeSort
    : entity.defaultSort;

/** The field a list is sorted by: a §9 sort option of this table, or one of its own fields. */
function sortFieldOf(binding: ListSource, query: ListQuery): string {
  const { entity } = binding;
  const sortable = new Set([...Object.values(entity.sorts), entity.stampField]);
  const field =
    query.sort_by === undefined
      ? defaultSortOf(binding, query).field
      : ((entity.sorts as Record<string, string>)[query.sort_by] ?? query.sort_by);
  if (!sortable.has(field)) return fail('invalidOption', { field: 'sort_by', value: query.sort_by });
  return field;
}

const sortOrderOf = (binding: ListSource, query: ListQuery): 'ASC' | 'DESC' =>
  query.sort_order ?? (query.sort_by === undefined ? defaultSortOf(binding, query).order : 'ASC');

/** What a list is sorted by: its key (a §9 sort option or one of its own fields), then its id. */
interface Sort {
  field: string;
  key: SQL | AnyColumn;
  order: 'ASC' | 'DESC';
  id: AnyColumn;
}

function sortOf(binding: ListSource, query: ListQuery): Sort {
  const field = sortFieldOf(binding, query);
  const column = columnOf(binding.table, field);
  // Text sorts ignore case, as people read lists; ties are broken by id so pages never overlap.
  const key = column.dataType === 'string' && column.columnType === 'PgText' ? sql`lower(${column})` : column;
  return {
    field,
    key,
    order: sortOrderOf(binding, query),
    id: columnOf(binding.table, binding.entity.idField),
  };
}

/** The sort as ORDER BY terms; nothing but a known field reaches SQL. */
const orderOf = ({ key, order, id }: Sort): SQL[] => [order === 'ASC' ? asc(key) : desc(key), asc(id)];

export function whereOf(
  binding: ListSource,
  laboratoryId: string,
  query: ListQuery,
  extraScope?: SQL,
  purpose: ListPurpose = 'count',
): SQL {
  const conditions: SQL[] = [scopeOf(binding, laboratoryId)];
  if (extraScope) conditions.push(extraScope);
  const term = query.search?.trim();
  const custom =
    term && binding.searchCondition ? binding.searchCondition(term, purpose, laboratoryId) : undefined;
  if (custom) conditions.push(custom);
  else if (term) {
    // Folded on both sides, as the name searches: 'hemoglobine' finds 'Hémoglobine' in every table.
    const matches = binding.entity.search.map((field) =>
      foldedContains(sql`sil_fold(${columnOf(binding.table, field)}::text)`, term),
    );
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  const filters = groupFilters(query);
  for (const [field, values] of Object.entries(binding.defaultFilters ?? {})) {
    if (!filters.has(field)) filters.set(field, values);
  }
  for (const [field, values] of filters)
    conditions.push(filterCondition(binding, field, values, purpose, laboratoryId));
  return and(...conditions) ?? sql`true`;
}

/** Whether this query's page takes another shape once its count is known (ListSource.shapedByPurpose). */
function shapedByCount(binding: ListSource, query: ListQuery): boolean {
  const shaped = binding.shapedByPurpose;
  if (!shaped) return false;
  const filters = groupFilters(query);
  return shaped.filters.some((field) => filters.has(field));
}

export async function listRows<R extends Row>(
  db: Queryable,
  binding: ListSource<R>,
  laboratoryId: string,
  query: ListQuery,
  extraScope?: SQL,
) {
  // Lists tolerate the replica's lag (db/read-replica.ts); a list inside a write stays on its transaction.
  db = lagTolerant(db);
  const sort = sortOf(binding, query);
  const order = orderOf(sort);
  const pageSize = Math.min(query.number_of_records, MAX_ROWS_PER_ANSWER);
  const offset = (query.page_number - 1) * pageSize;
  const upTo = offset + pageSize;
  const sortOrder = sort.order;
  const split = sort.field === binding.entity.stampField ? binding.stampSplit?.(query, sortOrder) : undefined;
  const term = query.search?.trim();
  /** The page's rows among those `narrowed` keeps of the matches (`where`) for this purpose. */
  const readPageOf = (purpose: ListPurpose, narrowed: (where: SQL) => SQL): Promise<Row[]> => {
    const where = narrowed(whereOf(binding, laboratoryId, query, extraScope, purpose));
    return readRows(db, binding, rowsStatement(binding, where, order, { limit: pageSize, offset }));
  };
  const readPage = (purpose: ListPurpose): Promise<Row[]> =>
    readPageOf(purpose, (where) =>
      split !== undefined
        ? (and(where, pageOfParts(db, binding, where, order, split, sortOrder, upTo)) ?? where)
        : purpose === 'page-of-many'
          ? firstIdsOf(db, binding, where, order, upTo)
          : where,
    );
  // The page among many, looked for among the first SEARCH_WALK_AHEAD rows of the list's order only.
  const readPageWalkedAhead = (): Promise<Row[]> =>
    readPageOf('page-of-many', (where) => pageWalkedAhead(db, binding, laboratoryId, where, order, upTo));
  const bound = countBound(offset, pageSize);
  let total: number;
  let rows: Row[];
  if (term && binding.searchMatches) {
    const rest = whereOf(binding, laboratoryId, { ...query, search: undefined }, extraScope, 'count');
    const matches = binding.searchMatches(term, laboratoryId, rest, matchSelection(sort));
    // A page among many is walked for at the same time, within the first rows of the list's order
    // (pageWalkedAhead): a common name's page is there, and it need not wait for the count.
    const ahead =
      binding.searchWalksAhead?.(term) &&
      sort.field === binding.entity.stampField &&
      split === undefined &&
      runsStatementsAtOnce(db)
        ? // Its failure is not the answer's: the page is then looked for again, unbounded.
          readPageWalkedAhead().catch(() => undefined)
        : undefined;
    // The count says how dense the matches are, and so which shape finds the page soonest; among
    // few, the same statement has read the page's ids.
    const counted = await countWithFirstIds(db, matches, sort.order, bound, upTo);
    total = counted.total;
    if (counted.firstIds) {
      // Among few, the walk ahead finds nothing the count did not: it ends on its own connection.
      rows = await readRowsById(db, binding, counted.firstIds.slice(offset), order);
    } else {
      const walked = await ahead;
      // A full page means the walk met the first `upTo` matches within its rows: the page itself.
      rows = walked?.length === pageSize ? walked : await readPage('page-of-many');
    }
    // The page alone, not a walk ahead that another read replaced.
    rows = await completed(db, binding, rows);
  } else if (shapedByCount(binding, query)) {
    const alone = term ? undefined : filterCountedAlone(binding, laboratoryId, query, extraScope);
    total = await (alone
      ? boundedCountOf(db, alone, bound)
      : boundedCount(db, binding, whereOf(binding, laboratoryId, query, extraScope, 'count'), bound));
    rows = await completed(db, binding, await readPage(total > MANY_MATCHES ? 'page-of-many' : 'page'));
  } else {
    const counting = boundedCount(
      db,
      binding,
      whereOf(binding, laboratoryId, query, extraScope, 'count'),
      bound,
    );
    // The same conditions either way: on PostgreSQL the two run at once on two pooled connections,
    // the page's fields read after it while the count may still run.
    [total, rows] = await Promise.all([
      counting,
      readPage('page').then((page) => completed(db, binding, page)),
    ]);
  }
  const capped = total > bound;
  const numberOfRows = capped ? bound : total;
  return {
    data: rows.map(presenterOf(binding)),
    number_of_rows: numberOfRows,
    number_of_pages: pageCount(numberOfRows, pageSize),
    ...(capped ? { number_of_rows_capped: true as const } : {}),
  };
}

/**
 * The matches of the query's one filter read from another table (ListSource.countedAlone), when the
 * list of an unsearched query has no other condition than its laboratory: no scope of the caller's,
 * no other filter, no default filter left standing.
 */
function filterCountedAlone(
  binding: ListSource,
  laboratoryId: string,
  query: ListQuery,
  extraScope: SQL | undefined,
): SQL | undefined {
  if (!binding.countedAlone || extraScope) return undefined;
  const filters = [...groupFilters(query)];
  const [only] = filters;
  if (!only || filters.length > 1) return undefined;
  const [field, values] = only;
  if (Object.keys(binding.defaultFilters ?? {}).some((other) => other !== field)) return undefined;
  return binding.countedAlone[field]?.(values, laboratoryId);
}

/**
 * The ids that can be on the page when the matches are parted by a stamp (ListSource.stampSplit):
 * the first `upTo` of each part, each sorted and cut on its own; the page is among them. The part
 * that comes first in the list's order (stamped at or after the split when the newest come first)
 * is read behind a fence (OFFSET 0), so that PostgreSQL takes its rows by the index that bounds them
 * best (the days' records, or those stamped since the split) and sorts them, instead of walking the
 * list's order from its start on the belief that matches are spread evenly. The other part walks the
 * list's order from the split, where its matches are dense. `= ANY(ARRAY(…))` takes them by key.
 */
function pageOfParts(
  db: Queryable,
  binding: ListSource,
  where: SQL,
  order: SQL[],
  split: SQL,
  sortOrder: 'ASC' | 'DESC',
  upTo: number,
): SQL {
  const id = columnOf(binding.table, binding.entity.idField);
  const stamp = columnOf(binding.table, binding.entity.stampField);
  const [first, rest] =
    sortOrder === 'DESC' ? [gte(stamp, split), lt(stamp, split)] : [lt(stamp, split), gte(stamp, split)];
  // OFFSET 0 written out: the query builder leaves out an offset of 0.
  const fenced = db.select({ id, stamp }).from(binding.table).where(and(where, first));
  const [idName, stampName] = [sql.identifier(id.name), sql.identifier(stamp.name)];
  const firstPart = sql`SELECT first_part.${idName} FROM (${fenced} OFFSET 0) AS first_part
    ORDER BY first_part.${stampName} ${sql.raw(sortOrder)}, first_part.${idName} LIMIT ${upTo}`;
  return sql`${id} = ANY(ARRAY((${firstPart}) UNION ALL (${firstIds(db, binding, and(where, rest), order, upTo)})))`;
}

/** The ids of the first `upTo` matches in the list's order. */
const firstIds = (db: Queryable, binding: ListSource, where: SQL | undefined, order: SQL[], upTo: number) =>
  db
    .select({ id: columnOf(binding.table, binding.entity.idField) })
    .from(binding.table)
    .where(where)
    .orderBy(...order)
    .limit(upTo);

/**
 * A page among many matches, found by its ids first: the walk along the list's order reads only the
 * ids and the columns its conditions need, from the order's index where it holds them, and whole
 * rows are read for the page alone. Selecting whole rows in the walk read every walked record
 * (8,856 for 50 abnormal records at 1 M, 8 ms of the page's 15). The records' order index carries
 * the number and patient a search checks (migration 0042), the patients' order their folded names
 * and external id (migration 0043).
 */
function firstIdsOf(db: Queryable, binding: ListSource, where: SQL, order: SQL[], upTo: number): SQL {
  const id = columnOf(binding.table, binding.entity.idField);
  return sql`${id} = ANY(ARRAY(${firstIds(db, binding, where, order, upTo)}))`;
}

/**
 * The ids of the first `upTo` matches among the first SEARCH_WALK_AHEAD rows of the list's order:
 * those rows are read behind a LIMIT in a sub-select named as the table itself, so that the
 * conditions apply to it, and from the order's index alone where it holds what they check. When it
 * finds `upTo` matches they are the first of all; else the page is looked for again, unbounded.
 */
function pageWalkedAhead(
  db: Queryable,
  binding: ListSource,
  laboratoryId: string,
  where: SQL,
  order: SQL[],
  upTo: number,
): SQL {
  const id = columnOf(binding.table, binding.entity.idField);
  const firstRows = db
    .select()
    .from(binding.table)
    .where(scopeOf(binding, laboratoryId))
    .orderBy(...order)
    .limit(SEARCH_WALK_AHEAD);
  const tableName = sql.identifier(getTableName(binding.table));
  return sql`${id} = ANY(ARRAY(SELECT ${id} FROM (${firstRows}) AS ${tableName}
    WHERE ${where} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${upTo}))`;
}

/**
 * How far a searched page is walked for while its count runs (ListSource.searchWalksAhead): about
 * 3 µs a record read from the order's index and its patient's (migration 0042), so at most 12 ms of
 * the other connection's time when the name is rare and the count answers first. A page of 50 is
 * found there when one record in 80 matches or more ('Martin', 'Hélène' at 1 M records).
 */
const SEARCH_WALK_AHEAD = 4_000;

/**
 * Past this many matches a page is found by walking the list's order: at 1 M records, 2,000 matches
 * or more are found within the first 25,000 index entries for a page of 50. A first page counts up
 * to COUNT_STEP, so this is as far as its count says.
 */
const MANY_MATCHES = 2_000;

/**
 * The matches of a list, counted up to one past `bound` (countBound): `SELECT count(*) FROM
 * (SELECT 1 … LIMIT bound + 1)` reads at most that many index entries, where an exact count would
 * read every match (a million records for 'no search'). bound + 1 means 'more than bound'.
 */
async function boundedCount(db: Queryable, binding: ListSource, where: SQL, bound: number): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(binding.table)
    .where(where)
    .limit(bound + 1)
    .as('matches');
  const [total] = await db.select({ n: count() }).from(matches);
  return total?.n ?? 0;
}

/**
 * The same bound over a filter's matches counted alone (ListSource.countedAlone): the rows stream out
 * of its index and the count stops at bound + 1.
 */
async function boundedCountOf(db: Queryable, matches: SQL, bound: number): Promise<number> {
  const rows = (await db.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${matches}) AS parts LIMIT ${bound + 1}) AS matches`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(rows.rows[0]?.n ?? 0);
}

/** What each match of a search's parts carries: its id and its sort key (countWithFirstIds). */
const matchSelection = ({ key, id }: Sort) => sql`${id} AS match_id, ${key} AS match_key`;

/**
 * A search's matches (ListSource.searchMatches, each carrying matchSelection) counted up to one past
 * `bound`, as boundedCount does, and, when they are few (MANY_MATCHES or less), the ids of the first
 * `upTo` of them in the list's order, from the same rows: they stream out of each part's index with
 * no de-duplication of every match, and a page among few then reads them again nowhere (the count
 * and then the page read the 1,677 records of the 'Martin Marie' patients twice, 9 and 15 ms at 1 M
 * records). Among many, no ids: the page walks the list's order instead.
 */
async function countWithFirstIds(
  db: Queryable,
  matches: SQL,
  order: 'ASC' | 'DESC',
  bound: number,
  upTo: number,
): Promise<{ total: number; firstIds?: string[] }> {
  const result = (await db.execute(
    sql`WITH matches AS MATERIALIZED (SELECT match_id, match_key FROM (${matches}) AS parts LIMIT ${bound + 1}),
             counted AS (SELECT count(*)::int AS n FROM matches)
        SELECT counted.n,
               ARRAY(SELECT matches.match_id::text FROM matches
                      WHERE counted.n <= ${MANY_MATCHES}
                      ORDER BY matches.match_key ${sql.raw(order)}, matches.match_id LIMIT ${upTo}) AS ids
          FROM counted`,
  )) as unknown as { rows: Array<{ n: number; ids: string[] }> };
  const total = Number(result.rows[0]?.n ?? 0);
  return total > MANY_MATCHES ? { total } : { total, firstIds: result.rows[0]?.ids ?? [] };
}

/**
 * The rows of these ids, in the list's order: a page whose ids are known. The ids are one array
 * parameter, so that the text is the same for every page of the list in that order and runs by
 * name (`readRows`): parsed once per connection and, a primary-key look-up whatever the ids,
 * planned once. Unnamed, a records page by ids was parsed and planned at every call (0.3–0.6 ms).
 */
async function readRowsById(db: Queryable, binding: ListSource, ids: string[], order: SQL[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const id = columnOf(binding.table, binding.entity.idField);
  return readRows(db, binding, rowsStatement(binding, sql`${id} = ANY(${sql.param(ids)})`, order), {
    named: true,
  });
}

/**
 * The rows an export writes: the chosen ones, or all those of the laboratory (within `extraScope`),
 * in the source's export order, as the API shows them.
 */
export async function exportRows<R extends Row>(
  db: Queryable,
  binding: ListSource<R>,
  laboratoryId: string,
  ids: string[] | undefined,
  extraScope?: SQL,
): Promise<R[]> {
  db = lagTolerant(db);
  const idColumn = columnOf(binding.table, binding.entity.idField);
  // A text that is not a UUID names no row of a UUID-keyed table (and PostgreSQL refuses to compare).
  const known = idColumn.columnType === 'PgUUID' ? ids?.filter((id) => UUID.test(id)) : ids;
  const where =
    and(scopeOf(binding, laboratoryId), extraScope, known ? inArray(idColumn, known) : undefined) ??
    sql`true`;
  const order = [columnOf(binding.table, binding.exportOrder ?? binding.entity.idField)];
  const rows = await completed(
    db,
    binding,
    await readRows(db, binding, rowsStatement(binding, where, order)),
  );
  return rows.map(presenterOf(binding));
}
