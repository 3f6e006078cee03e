import { fileRoutes } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const { uploadFile } = fileRoutes;

/** The documents uploaded for a record. */
export function useUploads(recordId: string | null) {
  return useQuery({
    queryKey: queryKeys.uploads(recordId ?? ''),
    queryFn: () => call('getUploads', { query: { record_id: recordId ?? undefined } }),
    enabled: recordId !== null,
  });
}

/** A document added to the record (multipart); the form shows errors. */
export function useUploadFile(recordId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiUpload(uploadFile, form),
    meta: { quiet: true },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.uploads(recordId) }),
  });
}

/** The page shows errors. */
export function useDeleteUpload(recordId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => call('deleteUpload', { body: { upload_id: uploadId } }),
    meta: { quiet: true },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.uploads(recordId ?? '') }),
  });
}
