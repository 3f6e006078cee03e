import type { RouteBody } from '@sil/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Verifies the recorded INS with the national service; the patient's screens read it again after. */
export function useCheckInsIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'checkInsIdentity'>) => call('checkInsIdentity', { body }),
    meta: { quiet: true },
    onSuccess: (_answer, body) => {
      void client.invalidateQueries({ queryKey: queryKeys.patient.history(body.patient_id) });
      void client.invalidateQueries({ queryKey: queryKeys.patient.one(body.patient_id) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('patients') });
    },
  });
}
