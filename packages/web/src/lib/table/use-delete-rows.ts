import { DeleteAnswer, type EntityDefinition } from '@sil/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeys } from '../query-keys';
import { tableRouteAnswering } from './entity-routes';

/** Deletes several rows at once; the server deletes all of them or none (cannotDelete). */
export function useDeleteRows(entity: EntityDefinition) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      call(await tableRouteAnswering(entity, 'delete', DeleteAnswer), { body: { ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.table.all(entity.table) }),
  });
}
