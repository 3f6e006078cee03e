import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * A record's or a tube's barcode scanned: the record now shows when it was scanned; at a reception
 * workstation (`receive`) the scan also receives it.
 */
export function useScanRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, receive }: { number: string; receive: boolean }) =>
      call('scanRecord', { body: { record_number: number, ...(receive ? { receive: true } : {}) } }),
    meta: { quiet: true },
    onSuccess: (record) => {
      void client.invalidateQueries({ queryKey: queryKeys.record.one(record.record_id) });
      void client.invalidateQueries({ queryKey: queryKeys.table.all('records') });
    },
  });
}
