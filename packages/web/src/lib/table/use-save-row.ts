import type { EntityDefinition } from '@sil/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '../api-client';
import { queryKeys } from '../query-keys';
import type { Payload } from './payload';

export type SaveInput = { kind: 'create'; payload: Payload } | { kind: 'update'; payload: Payload };

/**
 * Create (POST add) or update (PUT update) of one row. Errors stay quiet here: the form shows
 * field issues under their inputs and explains a stale update itself.
 */
export function useSaveRow<R>(entity: EntityDefinition, row: z.ZodType<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInput) =>
      input.kind === 'create'
        ? apiSend('POST', entity.paths.add, input.payload, row)
        : apiSend('PUT', entity.paths.update, input.payload, row),
    meta: { quiet: true },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.table.all(entity.table) }),
  });
}
