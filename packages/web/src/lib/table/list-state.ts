import { DEFAULT_PAGE_SIZE, LOAD_ALL } from '@sil/contract';
import type { QueryValue } from '../api-client';

/** What a table page asks the server for: search, sort, filters and the page (spec.md §7, §9). */
export interface ListState {
  search: string;
  /** A sort option of the table (§9), or null for the table's default sort. */
  sort: string | null;
  order: 'ASC' | 'DESC';
  /** Chosen values per filter column; an empty list means no filter on that column. */
  filters: Record<string, string[]>;
  pageSize: number;
  page: number;
  /** Created-from/to days (YYYY-MM-DD) of the records and tasks lists; empty for no bound. */
  dateFrom?: string;
  dateTo?: string;
}

export const initialListState: ListState = {
  search: '',
  sort: null,
  order: 'ASC',
  filters: {},
  pageSize: DEFAULT_PAGE_SIZE,
  page: 1,
};

/** The query of a list call: one filter_column[] / filter_value[] pair per filtered column. */
export function toListQuery(state: ListState): Record<string, QueryValue> {
  const filtered = Object.entries(state.filters).filter(([, values]) => values.length > 0);
  return {
    search: state.search.trim() || undefined,
    sort_by: state.sort ?? undefined,
    sort_order: state.sort ? state.order : undefined,
    number_of_records: state.pageSize,
    page_number: state.page,
    'filter_column[]': filtered.map(([column]) => column),
    'filter_value[]': filtered.map(([, values]) => values.join(',')),
    filter_date_from: state.dateFrom || undefined,
    filter_date_to: state.dateTo || undefined,
  };
}

/** Load all rows of a table for a drop-down (spec.md §7 'Load all for dropdowns'). */
export const loadAllQuery: Record<string, QueryValue> = { number_of_records: LOAD_ALL, page_number: 1 };

/**
 * Every row of a list for a drop-down: the server answers at most MAX_ROWS_PER_ANSWER rows at once
 * whatever was asked, so the pages after the first are asked for in turn until the answer's count.
 * `extra` adds to the query (the collectors' sort of spec.md §7).
 */
export async function loadEveryRow<Row>(
  page: (query: Record<string, QueryValue>) => Promise<{ data: Row[]; number_of_pages: number }>,
  extra: Record<string, QueryValue> = {},
): Promise<{ data: Row[] }> {
  const first = await page({ ...loadAllQuery, ...extra });
  const data = [...first.data];
  for (let number = 2; number <= first.number_of_pages; number += 1)
    data.push(...(await page({ ...loadAllQuery, ...extra, page_number: number })).data);
  return { data };
}

/**
 * The filters an address carries (`?record_is_urgent=true&record_status=1,2`): a dashboard counter
 * opens a list already filtered. Only the table's own filter columns are read; values comma-separated.
 */
export function filtersFromAddress(
  params: URLSearchParams,
  columns: readonly string[],
): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const column of columns) {
    const raw = params.get(column);
    if (raw === null) continue;
    const values = raw
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value.length > 0);
    if (values.length > 0) filters[column] = values;
  }
  return filters;
}
