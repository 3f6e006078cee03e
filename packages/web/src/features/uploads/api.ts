import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUpload, call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// The upload is not in the contract's route table yet (multipart routes are being added to it).
const UPLOAD_PATH = '/api/upload-file';
const Uploaded = z.looseObject({ upload_id: z.string() });

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
    mutationFn: (form: FormData) => apiUpload(UPLOAD_PATH, form, Uploaded),
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
