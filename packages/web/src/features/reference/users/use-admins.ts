import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { tableKeys } from '../../../lib/table/query-keys';

/** The users of the laboratory (the users list answers the array itself, sorted by name: §7, §9). */
export function useAdmins() {
  return useQuery({ queryKey: tableKeys.list('users', 'all'), queryFn: () => call('getAdmins', {}) });
}

/** One user, fresh, for the rights form: its admin_last_updated is sent back with the change. */
export function useAdmin(uid: string) {
  return useQuery({
    queryKey: tableKeys.one('users', uid),
    queryFn: async () => (await call('getAdmin', { query: { admin_uid: uid } }))[0] ?? null,
    staleTime: 0,
    gcTime: 0,
  });
}
