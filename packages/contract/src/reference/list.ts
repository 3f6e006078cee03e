import { z } from 'zod';
import { calendarDate, positiveInteger } from '../fields.js';

/** Page size the client sends to load a whole table for a drop-down (spec.md §7). */
export const LOAD_ALL = 2_147_483_647;
/** The most rows one list answer carries, whatever was asked: bounds memory and time. */
export const MAX_ROWS_PER_ANSWER = 5_000;
export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

const oneOrMany = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));
const isoDate = calendarDate;

/** The query of every generic list call. Filter values may be repeated or comma-separated per column. */
export const ListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  sort_by: z.string().max(60).optional(),
  sort_order: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .transform((v) => v.toUpperCase() as 'ASC' | 'DESC')
    .optional(),
  number_of_records: positiveInteger(LOAD_ALL).default(DEFAULT_PAGE_SIZE),
  // Bounded so that the offset it makes stays a whole number PostgreSQL takes.
  page_number: positiveInteger(LOAD_ALL).default(1),
  'filter_column[]': oneOrMany.optional(),
  'filter_value[]': oneOrMany.optional(),
  filter_date_from: isoDate.optional(),
  filter_date_to: isoDate.optional(),
});
export type ListQuery = z.output<typeof ListQuery>;

/**
 * How far a list counts its matches (docs/decisions/0011-search-and-counts.md): in steps of
 * COUNT_STEP, up to the first step past the page asked for. Past it the answer says
 * `number_of_rows_capped` and the pager shows '2,000+' and 'Page 1 / 40+'; the next page counts on
 * to the following step, so the pages after stay reachable. Counting a million rows beside every
 * page would cost more than the page, and counting further ahead than the user pages costs the same.
 */
export const COUNT_STEP = 2_000;

/** The rows a list counts for the page starting after `offset` rows: a step of COUNT_STEP past its end. */
export const countBound = (offset: number, pageSize: number) =>
  (Math.floor((offset + pageSize) / COUNT_STEP) + 1) * COUNT_STEP;

export const listAnswer = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    /** The matches, at most the page's countBound. */
    number_of_rows: z.number().int(),
    number_of_pages: z.number().int(),
    /** Present, and true, when more rows match than the page's countBound: number_of_rows is that bound. */
    number_of_rows_capped: z.literal(true).optional(),
  });

export const DeleteBody = z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(1000) });
export const DeleteAnswer = z.object({ deleted: z.number().int() });

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** Without ids, every row of the laboratory ('export all in database'). */
  'ids[]': oneOrMany.optional(),
});

/** Groups the parallel filter_column[] / filter_value[] arrays into values per column. */
export function groupFilters(
  query: Pick<ListQuery, 'filter_column[]' | 'filter_value[]'>,
): Map<string, string[]> {
  const columns = query['filter_column[]'] ?? [];
  const values = query['filter_value[]'] ?? [];
  const grouped = new Map<string, string[]>();
  columns.forEach((column, index) => {
    const raw = values[index];
    if (raw === undefined) return;
    const parts = raw
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v.length > 0);
    grouped.set(column, [...(grouped.get(column) ?? []), ...parts]);
  });
  return grouped;
}

export const pageCount = (rows: number, pageSize: number) => (rows === 0 ? 0 : Math.ceil(rows / pageSize));
