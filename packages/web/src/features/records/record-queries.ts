import { entities } from '@sil/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { apiGet } from '../../lib/table/http';
import { loadAllQuery } from '../../lib/table/list-state';
import { tableKeys } from '../../lib/table/query-keys';
import { ListAnswerSchema, type Row } from '../../lib/table/rows';

/** Query keys of this feature; the records table's own keys are invalidated with them. */
export const recordKeys = {
  record: (id: string) => ['record', id] as const,
  trace: (id: string) => ['record', id, 'trace'] as const,
  labels: (id: string) => ['record', id, 'labels'] as const,
  patient: (id: string) => ['patient', id] as const,
  history: (id: string) => ['patient', id, 'history'] as const,
  patientSearch: (term: string) => ['patients', 'search', term] as const,
};

/** One record with its patient and samples (`get-record` answers a one-item array). */
export function useRecord(recordId: string | null) {
  return useQuery({
    queryKey: recordKeys.record(recordId ?? ''),
    queryFn: async (): Promise<Row | null> =>
      (await call('getRecord', { query: { record_id: recordId ?? '' } }))[0] ?? null,
    enabled: recordId !== null,
  });
}

export function usePatient(patientId: string | null) {
  return useQuery({
    queryKey: recordKeys.patient(patientId ?? ''),
    queryFn: async (): Promise<Row | null> =>
      (await call('getPatient', { query: { patient_id: patientId ?? '' } }))[0] ?? null,
    enabled: patientId !== null,
  });
}

export function usePatientHistory(patientId: string | null) {
  return useQuery({
    queryKey: recordKeys.history(patientId ?? ''),
    queryFn: () => call('getPatientHistory', { query: { patient_id: patientId ?? '' } }),
    enabled: patientId !== null,
  });
}

/** Patients by name, insurance number or date of birth typed DD/MM/YYYY (spec.md §2 step 1). */
export function usePatientSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: recordKeys.patientSearch(search),
    queryFn: () => call('getPatients', { query: { search, number_of_records: 20, page_number: 1 } }),
    enabled: search.length >= 2,
  });
}

/** Every analysis of the laboratory, for the analyses step (hidden ones are filtered there). */
export function useAnalyses() {
  return useQuery({
    queryKey: tableKeys.loadAll('analyses'),
    queryFn: () => apiGet(entities.analyses.paths.list, loadAllQuery, ListAnswerSchema),
    staleTime: 30_000,
  });
}
