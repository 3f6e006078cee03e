import { DeleteAnswer, type EntityDefinition } from '@sil/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../api-client';
import { queryKeys } from '../query-keys';

/** Deletes several rows at once; the server deletes all of them or none (cannotDelete). */
export function useDeleteRows(entity: EntityDefinition) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiSend('DELETE', entity.paths.delete, { ids }, DeleteAnswer),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.table.all(entity.table) }),
  });
}
