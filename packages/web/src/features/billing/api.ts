import { type AddBValueBody, type BillState, billingRoutes } from '@sil/contract/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// The billing calls come with this screen ('@sil/contract/billing'), not in the first load's table.
const { getBillingList, markRecordBilled, markRecordPaid, getBValues, addBValue, updateBillingTerritory } =
  billingRoutes;

/** Validated records to bill, billed or paid; a clinic billing user gets only its clinic's. */
export function useBillingList(state: BillState) {
  return useQuery({
    queryKey: queryKeys.billingList(state),
    queryFn: () => call(getBillingList, { query: { bill_state: state } }),
  });
}

/** Marking a record billed or paid: the lists and the record's billing details follow. */
export function useMarkBill(which: 'billed' | 'paid') {
  const client = useQueryClient();
  const route = which === 'billed' ? markRecordBilled : markRecordPaid;
  return useMutation({
    mutationFn: (recordId: string) => call(route, { body: { record_id: recordId } }),
    onSuccess: (_answer, recordId) => {
      void client.invalidateQueries({ queryKey: queryKeys.billingAll });
      void client.invalidateQueries({ queryKey: queryKeys.billingDetails(recordId) });
    },
  });
}

/** The laboratory's territory and the dated values of the key letter B. */
export function useBValues() {
  return useQuery({
    queryKey: queryKeys.bValues,
    queryFn: () => call(getBValues, {}),
  });
}

/** A new dated B value or another territory: every bill reads them, so billing data refreshes. */
function useBillingSettingChange<B>(send: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.billingAll });
      void client.invalidateQueries({ queryKey: queryKeys.record.all });
    },
  });
}

export const useAddBValue = () =>
  useBillingSettingChange((body: z.input<typeof AddBValueBody>) => call(addBValue, { body }));

export const useUpdateTerritory = () =>
  useBillingSettingChange((body: z.input<typeof updateBillingTerritory.body>) =>
    call(updateBillingTerritory, { body }),
  );
