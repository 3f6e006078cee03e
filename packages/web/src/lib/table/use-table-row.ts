import type { EntityDefinition } from '@sil/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../api-client';
import { queryKeys } from '../query-keys';
import { tableRouteAnswering } from './entity-routes';

/** One row, fresh from the server, for its form: the stamp sent back on update is the one read here. */
export function useTableRow<R>(entity: EntityDefinition, row: z.ZodType<R>, id: string | null) {
  return useQuery({
    queryKey: queryKeys.table.one(entity.table, id ?? ''),
    queryFn: async () => {
      const route = await tableRouteAnswering(entity, 'get', z.array(row));
      const rows = await call(route, { query: { [entity.idField]: id ?? '' } });
      return rows[0] ?? null;
    },
    enabled: id !== null,
    // A form must start from what the server holds now, not from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
}
