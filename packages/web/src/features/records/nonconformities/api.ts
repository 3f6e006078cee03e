import type { RouteBody, RouteName } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The ANEs and NCAs of a record (staff only: the portals never see them). */
export function useRecordNonconformities(recordId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.record.nonconformities(recordId),
    queryFn: () => call('getRecordNonconformities', { query: { record_id: recordId } }),
    enabled,
  });
}

/** The calls that raise, resolve or lift a non-conformity, and the record field updates of DEROG, UH and Delai. */
type NonconformityCall =
  | 'addAne'
  | 'addNca'
  | 'resolveNca'
  | 'openNct'
  | 'closeNct'
  | 'updateSampleLbloc'
  | 'updateRecordLbloc'
  | 'updatePatient';

/**
 * One non-conformity change. What it touches shows in several places: the record (its card, its
 * flags), the records and samples lists (badges, pseudo-filters) and the sample on the bench.
 */
export function useNonconformityChange<N extends NonconformityCall>(name: N) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<N>) =>
      (call as (name: RouteName, input: { body: unknown }) => Promise<unknown>)(name, { body }),
    meta: { quiet: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.record.all });
      void client.invalidateQueries({ queryKey: queryKeys.sample.all });
      void client.invalidateQueries({ queryKey: queryKeys.validation.all });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('samples') });
    },
  });
}
