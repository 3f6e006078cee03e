import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** A record barcode scanned at the bench: the record now shows when it was scanned. */
export function useScanRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recordNumber: string) => call('scanRecord', { body: { record_number: recordNumber } }),
    meta: { quiet: true },
    onSuccess: (record) => {
      void client.invalidateQueries({ queryKey: queryKeys.record.one(record.record_id) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
    },
  });
}
