import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/**
 * Reads that several features show (the patient screen and the record wizard both list a patient's
 * history): defined once here, so they share one cache entry and one shape.
 */

/** A patient with every record and its samples, newest first. */
export function usePatientHistory(patientId: string | null) {
  return useQuery({
    queryKey: queryKeys.patient.history(patientId ?? ''),
    queryFn: () => call('getPatientHistory', { query: { patient_id: patientId ?? '' } }),
    enabled: patientId !== null,
  });
}
