import type { DeliveryChannel, RouteBody } from '@sil/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
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
