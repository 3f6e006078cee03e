import { LOAD_ALL, MAX_ROWS_PER_ANSWER, queryString } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import { filtersFromAddress, initialListState, loadAllQuery, loadEveryRow, toListQuery } from './list-state';

describe('list query', () => {
  it('sends the default sort by leaving sort_by out', () => {
    const query = toListQuery(initialListState);
    expect(query.sort_by).toBeUndefined();
    expect(query.sort_order).toBeUndefined();
    expect(query.search).toBeUndefined();
  });

  it('groups the chosen values of one column in one comma-separated filter value', () => {
    const query = toListQuery({
      ...initialListState,
      search: ' gly ',
      sort: 'name',
      order: 'DESC',
      filters: { analysis_matrix: ['a', 'b'], analysis_visible: ['true'], analysis_family: [] },
      page: 2,
    });
    expect(queryString(query)).toBe(
      '?search=gly&sort_by=name&sort_order=DESC&number_of_records=25&page_number=2' +
        '&filter_column%5B%5D=analysis_matrix&filter_column%5B%5D=analysis_visible' +
        '&filter_value%5B%5D=a%2Cb&filter_value%5B%5D=true',
    );
  });

  it('loads a whole table for drop-downs with the load-all page size', () => {
    expect(queryString(loadAllQuery)).toBe(`?number_of_records=${LOAD_ALL}&page_number=1`);
  });

  it('asks for the pages after the first when the table outgrows one answer', async () => {
    // 12,001 rows, answered as the server answers them: at most MAX_ROWS_PER_ANSWER a page.
    const rows = Array.from({ length: 2 * MAX_ROWS_PER_ANSWER + 2_001 }, (_, index) => index);
    const asked: unknown[] = [];
    const page = async (query: Record<string, unknown>) => {
      asked.push(query);
      const number = Number(query.page_number);
      return {
        data: rows.slice((number - 1) * MAX_ROWS_PER_ANSWER, number * MAX_ROWS_PER_ANSWER),
        number_of_pages: Math.ceil(rows.length / MAX_ROWS_PER_ANSWER),
      };
    };
    const { data } = await loadEveryRow(page, { sort_by: 'owner' });
    expect(data).toEqual(rows);
    expect(asked).toEqual(
      [1, 2, 3].map((number) => ({ ...loadAllQuery, sort_by: 'owner', page_number: number })),
    );
  });
});

describe('filtersFromAddress', () => {
  it('reads the table’s own filter columns from the address, values comma-separated', () => {
    const params = new URLSearchParams('record_status=1,2&record_is_urgent=true&intruder=x&record_owner=');
    expect(filtersFromAddress(params, ['record_status', 'record_is_urgent', 'record_owner'])).toEqual({
      record_status: ['1', '2'],
      record_is_urgent: ['true'],
    });
  });
});
