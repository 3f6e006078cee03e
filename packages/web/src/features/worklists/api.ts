import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The samples waiting for one machine; refreshed often, as the bench moves them on. */
export function useWorklist(machineId: string | null) {
  return useQuery({
    queryKey: queryKeys.worklist(machineId ?? ''),
    queryFn: () => call('getWorklist', { query: { machine_id: machineId ?? '' } }),
    enabled: machineId !== null,
    refetchInterval: 60_000,
  });
}
