import type {
  InvalidationBody,
  RecordInterpretationBody,
  RouteAnswer,
  SampleChoiceBody,
} from '@sil/contract';
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

/** Every view a step changes: the queue and preview, records (their reports too) and samples. */
function useRefreshAfterStep() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.validation.all }),
      client.invalidateQueries({ queryKey: queryKeys.record.all }),
      client.invalidateQueries({ queryKey: queryKeys.table.all('records') }),
      client.invalidateQueries({ queryKey: queryKeys.table.all('techniques') }),
    ]);
  };
}

/**
 * `onValidated` runs with the mutation itself, not with one `mutate` call: the refresh that follows
 * can unmount the screen that asked (the queue reloads), and a call's own callbacks would then be
 * dropped, with the success toast and the move to the next record.
 */
export function useValidateRecord(onValidated: (answer: RouteAnswer<'validateRecord'>) => void) {
  const onSettled = useRefreshAfterStep();
  return useMutation({
    mutationFn: (body: SampleChoiceBody) => call('validateRecord', { body }),
    onSuccess: onValidated,
    onSettled,
  });
}

/** Invalidation takes its reason with the samples (issue 37). */
export function useInvalidateRecord() {
  const onSettled = useRefreshAfterStep();
  return useMutation({
    mutationFn: (body: InvalidationBody) => call('invalidateRecord', { body }),
    onSettled,
  });
}

/** The record's interpretation: the preview and the record read it, so both are refreshed. */
export function useSetInterpretation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordInterpretationBody) => call('setRecordInterpretation', { body }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.validation.all }),
        client.invalidateQueries({ queryKey: queryKeys.record.all }),
      ]);
    },
  });
}
