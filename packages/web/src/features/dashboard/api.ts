import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The logged-in user and their laboratory, for the greeting. */
export function useUserData() {
  // The login has just fetched these: a minute-old copy is good enough for a welcome line.
  return useQuery({
    queryKey: queryKeys.userData,
    queryFn: () => call('getUserData', {}),
    staleTime: 60_000,
  });
}

/** Every counter of the dashboard, refreshed every minute while it is open. */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: () => call('getDashboard', {}),
    enabled,
    refetchInterval: 60_000,
  });
}
