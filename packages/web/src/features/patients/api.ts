import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** A patient with every record and its samples, newest first. */
export function usePatientHistory(patientId: string | null) {
  return useQuery({
    queryKey: queryKeys.patient.history(patientId ?? ''),
    queryFn: () => call('getPatientHistory', { query: { patient_id: patientId ?? '' } }),
    enabled: patientId !== null,
  });
}
