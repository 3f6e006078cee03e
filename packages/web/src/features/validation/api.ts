import type { SampleChoiceBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The validation feature's calls. Mutations are quiet: the screen shows their outcome, and they
 * refresh every view of records and samples, whose statuses they change.
 */

export function useRecordsToValidate(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.validation.queue,
    queryFn: () => call('getRecordsToValidate', {}),
    enabled,
  });
}

export function useRecordPreview(recordId: string | null) {
  return useQuery({
    queryKey: queryKeys.validation.preview(recordId ?? ''),
    queryFn: () => call('previewRecord', { query: { record_id: recordId ?? '' } }),
    enabled: recordId !== null,
  });
}

function useStep(name: 'validateRecord' | 'invalidateRecord') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SampleChoiceBody) => call(name, { body }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.validation.all }),
        client.invalidateQueries({ queryKey: queryKeys.record.all }),
        client.invalidateQueries({ queryKey: queryKeys.table.all('records') }),
        client.invalidateQueries({ queryKey: queryKeys.table.all('techniques') }),
      ]);
    },
  });
}

export const useValidateRecord = () => useStep('validateRecord');
export const useInvalidateRecord = () => useStep('invalidateRecord');
