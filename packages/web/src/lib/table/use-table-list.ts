import { type EntityDefinition, listAnswer } from '@sil/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api-client';
import { queryKeys } from '../query-keys';
import { tableRouteAnswering } from './entity-routes';
import { type ListState, toListQuery } from './list-state';

/**
 * One page of a table, as the search, sort, filters and paging of the page ask, within the page's
 * fixed filters (the external records list: records of clinics only).
 */
export function useTableList<R>(
  entity: EntityDefinition,
  row: z.ZodType<R>,
  state: ListState,
  fixedFilters?: Record<string, string[]>,
) {
  const query = toListQuery(
    fixedFilters ? { ...state, filters: { ...state.filters, ...fixedFilters } } : state,
  );
  return useQuery({
    queryKey: queryKeys.table.list(entity.table, query),
    queryFn: async () => call(await tableRouteAnswering(entity, 'list', listAnswer(row)), { query }),
    // The previous page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });
}
