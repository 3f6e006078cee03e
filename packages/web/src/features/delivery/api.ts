import type { DeliveryChannel, RouteBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The records waiting on one report channel, or whose send failed. */
export function useDeliveryWorklist(channel: DeliveryChannel, state: 'open' | 'failed') {
  return useQuery({
    queryKey: queryKeys.deliveryWorklist(channel, state),
    queryFn: () => call('getDeliveryWorklist', { query: { channel, state } }),
    refetchInterval: 60_000,
  });
}

/** The patient's opening of their report: a public call, its refusals shown on the form. */
export function useOpenOnlineReport() {
  return useMutation({
    mutationFn: (body: RouteBody<'openOnlineReport'>) => call('openOnlineReport', { body }),
    meta: { quiet: true },
  });
}

/** One PDF of the chosen paper or post channels' stored reports; nothing is marked yet. */
export function usePrintBatch() {
  return useMutation({
    mutationFn: (deliveryIds: string[]) =>
      call('printDeliveryBatch', { body: { delivery_ids: deliveryIds } }),
  });
}

/** The user confirms the batch was printed (or posted): its channels are done, the lists follow. */
export function useMarkPrinted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryIds: string[]) =>
      call('markDeliveriesPrinted', { body: { delivery_ids: deliveryIds } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.record.all });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
    },
  });
}
