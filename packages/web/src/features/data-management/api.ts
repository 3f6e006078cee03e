import type { RouteBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Groups of patients sharing the identity traits. */
export function useDuplicates() {
  return useQuery({ queryKey: queryKeys.duplicates, queryFn: () => call('getDuplicates', {}) });
}

/** Merging deletes patients: the groups and the patients table change. The page shows errors. */
export function useResolveDuplicates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'resolveDuplicates'>) => call('resolveDuplicates', { body }),
    meta: { quiet: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.duplicates });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('patients') });
    },
  });
}
