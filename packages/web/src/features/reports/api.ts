import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The stored versions of a record's result report, newest first. */
export function useReportVersions(recordId: string) {
  return useQuery({
    queryKey: queryKeys.record.reports(recordId),
    queryFn: () => call('getReportVersions', { query: { record_id: recordId } }),
  });
}
