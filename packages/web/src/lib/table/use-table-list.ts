import type { EntityDefinition } from '@sil/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from './http';
import { type ListState, toListQuery } from './list-state';
import { tableKeys } from './query-keys';
import { ListAnswerSchema } from './rows';

/** One page of a table, as the search, sort, filters and paging of the page ask. */
export function useTableList(entity: EntityDefinition, state: ListState) {
  const query = toListQuery(state);
  return useQuery({
    queryKey: tableKeys.list(entity.table, query),
    queryFn: () => apiGet(entity.paths.list, query, ListAnswerSchema),
    // The previous page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });
}
