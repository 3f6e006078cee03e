import type { RouteBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The report channels of a record with who and when, and its phone checklist. */
export function useRecordDeliveries(recordId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.record.deliveries(recordId),
    queryFn: () => call('getRecordDeliveries', { query: { record_id: recordId } }),
    enabled,
    // A send runs in the background: its outcome shows without a reload.
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((each) => each.delivery_state === 'sending') ? 10_000 : false,
  });
}

/** The record's DMP feed: its state and why, followed while a send runs. */
export function useRecordDmp(recordId: string) {
  return useQuery({
    // Under the deliveries' key: whatever changes the deliveries refreshes it too.
    queryKey: [...queryKeys.record.deliveries(recordId), 'dmp'],
    queryFn: () => call('getRecordDmp', { query: { record_id: recordId } }),
    refetchInterval: (query) => (query.state.data?.dmp_state === 'sending' ? 10_000 : false),
  });
}

/** The biologist's choice to hide the record from the patient in the DMP (or to follow the analyses). */
export function useUpdateRecordDmp(recordId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (override: boolean | null) =>
      call('updateRecordDmp', { body: { record_id: recordId, dmp_invisible_override: override } }),
    onSuccess: (answer) => client.setQueryData([...queryKeys.record.deliveries(recordId), 'dmp'], answer),
  });
}

type DeliveryCall = 'markDeliveryDone' | 'markPhoneCallDone' | 'retryDelivery';

/** A channel done, a person phoned, a send retried: the record (its status, its flags) and the work lists follow. */
export function useDeliveryChange<N extends DeliveryCall>(name: N) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<N>) =>
      (call as (name: DeliveryCall, input: { body: unknown }) => Promise<unknown>)(name, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.record.all });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
    },
  });
}
