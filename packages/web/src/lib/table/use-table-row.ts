import type { EntityDefinition } from '@sil/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from './http';
import { tableKeys } from './query-keys';
import { RowSchema } from './rows';

/** One row, fresh from the server, for its form: the stamp sent back on update is the one read here. */
export function useTableRow(entity: EntityDefinition, id: string | null) {
  return useQuery({
    queryKey: tableKeys.one(entity.table, id ?? ''),
    queryFn: async () => {
      const rows = await apiGet(entity.paths.get, { [entity.idField]: id ?? '' }, z.array(RowSchema));
      return rows[0] ?? null;
    },
    enabled: id !== null,
    // A form must start from what the server holds now, not from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
}
