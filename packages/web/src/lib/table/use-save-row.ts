import type { EntityDefinition } from '@sil/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from './http';
import type { Payload } from './payload';
import { tableKeys } from './query-keys';
import { RowSchema } from './rows';

export type SaveInput = { kind: 'create'; payload: Payload } | { kind: 'update'; payload: Payload };

/**
 * Create (POST add) or update (PUT update) of one row. Errors stay quiet here: the form shows
 * field issues under their inputs and explains a stale update itself.
 */
export function useSaveRow(entity: EntityDefinition) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInput) =>
      input.kind === 'create'
        ? apiSend('POST', entity.paths.add, input.payload, RowSchema)
        : apiSend('PUT', entity.paths.update, input.payload, RowSchema),
    meta: { quiet: true },
    onSuccess: () => client.invalidateQueries({ queryKey: tableKeys.all(entity.table) }),
  });
}
