import type { AddExternalRecordBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { referenceListRoute } from '../../lib/table/entity-routes';
import { loadEveryRow } from '../../lib/table/list-state';

/** The orderable analyses of the catalogue (hidden ones cannot be ordered, spec.md §8). */
export function useOrderableAnalyses() {
  return useQuery({
    queryKey: [...queryKeys.table.loadAll('analyses'), 'orderable'],
    queryFn: async () => {
      const route = await referenceListRoute('analyses');
      return loadEveryRow((query) => call(route, { query }));
    },
    select: (answer) =>
      answer.data
        .filter((row) => row.analysis_visible !== false)
        .map((row) => ({ value: row.analysis_id, label: row.analysis_name })),
    staleTime: 30_000,
  });
}

/** The clinic's earlier record whose patient and collection people a new one reuses. */
export function usePreviousRecord(recordId: string | null) {
  return useQuery({
    queryKey: queryKeys.record.one(recordId ?? ''),
    queryFn: async () => (await call('getRecord', { query: { record_id: recordId ?? '' } }))[0] ?? null,
    enabled: recordId !== null,
  });
}

/** A clinic's order (add-external-record); the records list follows. The form shows errors. */
export function useAddExternalRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddExternalRecordBody) => call('addExternalRecord', { body }),
    meta: { quiet: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.table.all('records') }),
  });
}

/** The validated results of a record, as its report prints them (issue 40). */
export function useValidatedResults(recordId: string) {
  return useQuery({
    queryKey: queryKeys.record.validatedResults(recordId),
    queryFn: () => call('getValidatedResults', { query: { record_id: recordId } }),
  });
}
