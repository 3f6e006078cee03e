import { billingRoutes } from '@sil/contract/billing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { downloadDocument } from '../documents';

// The billing calls come with the record screen ('@sil/contract/billing'), not in the first load.
const { getBillingDetails, getCerfa, getQuote } = billingRoutes;

/** A record's billing details: its NABM acts, the national rules applied, the totals in cents. */
export function useBillingDetails(recordId: string) {
  return useQuery({
    queryKey: queryKeys.billingDetails(recordId),
    queryFn: () => call(getBillingDetails, { query: { record_id: recordId } }),
  });
}

/** The fee sheet ('FEUILLE D'HONORAIRES') or the quote of a record, as the report service gives them. */
export function billingDocument(kind: 'cerfa' | 'quote', recordId: string) {
  const route = kind === 'cerfa' ? getCerfa : getQuote;
  return call(route, { query: { record_id: recordId } });
}

/** The fee sheet or the quote handed to the browser's downloads; false when the service has none. */
export function useDownloadBillingDocument(recordId: string) {
  return useMutation({
    mutationFn: async (kind: 'cerfa' | 'quote') => downloadDocument(await billingDocument(kind, recordId)),
  });
}
