import { fileRoutes, type RouteBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The reference feature's own calls (users and the NABM import); the reference tables themselves go
 * through the generic table calls of lib/table.
 */

const { importNabms } = fileRoutes;

/** The users of the laboratory (the users list answers the array itself, sorted by name: §7, §9). */
export function useAdmins() {
  return useQuery({ queryKey: queryKeys.table.list('users', 'all'), queryFn: () => call('getAdmins', {}) });
}

/** One user, fresh, for the rights form: its admin_last_updated is sent back with the change. */
export function useAdmin(uid: string) {
  return useQuery({
    queryKey: queryKeys.table.one('users', uid),
    queryFn: async () => (await call('getAdmin', { query: { admin_uid: uid } }))[0] ?? null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A user's rights or state changed: the users list and forms read them again. The form shows errors. */
export function useUpdateAdminAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateAdminAccess'>) => call('updateAdminAccess', { body }),
    meta: { quiet: true },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.table.all('users') }),
  });
}

/** The national NABM table imported: the NABM table changes. */
export function useImportNabms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiUpload(importNabms, form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.table.all('nabms') }),
  });
}

/** A new user of one of the three kinds, with the body its call takes. */
export type NewUser =
  | { type: 'internal'; body: RouteBody<'addNewUser'> }
  | { type: 'external'; body: RouteBody<'addNewExternalUser'> }
  | { type: 'prescriber'; body: RouteBody<'addNewPrescriberUser'> };

/** Creates a user (invited by e-mail when it has no password); the users list changes. */
export function useAddUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (user: NewUser) => {
      if (user.type === 'internal') return call('addNewUser', { body: user.body });
      if (user.type === 'external') return call('addNewExternalUser', { body: user.body });
      return call('addNewPrescriberUser', { body: user.body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.table.all('users') }),
  });
}
