import type { EntityDefinition } from '@sil/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api-client';
import { queryKeys } from '../query-keys';
import { tableRouteAnswering } from './entity-routes';
import type { Payload } from './payload';

export type SaveInput = { kind: 'create'; payload: Payload } | { kind: 'update'; payload: Payload };

/**
 * Create (POST add) or update (PUT update) of one row. Errors stay quiet here: the form shows
 * field issues under their inputs and explains a stale update itself.
 */
export function useSaveRow<R>(entity: EntityDefinition, row: z.ZodType<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveInput) =>
      call(await tableRouteAnswering(entity, input.kind === 'create' ? 'add' : 'update', row), {
        body: input.payload,
      }),
    meta: { quiet: true },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.table.all(entity.table) }),
  });
}
