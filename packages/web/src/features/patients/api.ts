import type { RouteBody } from '@sil/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A page of the patient's results, newest first; the page shown stays while the next one loads. */
export function usePatientResults(patientId: string, page: number, size: number) {
  return useQuery({
    queryKey: queryKeys.patient.results(patientId, page, size),
    queryFn: () =>
      call('getPatientResults', {
        query: { patient_id: patientId, page_number: page, number_of_records: size },
      }),
    placeholderData: keepPreviousData,
  });
}
