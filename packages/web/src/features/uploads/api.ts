import { fileRoutes, type PortalUploadRow } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPrescriptionScan, fetchScan, fileOfScan } from '../../lib/agent/agent-client';
import { apiDownload, apiUpload, call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { saveFile } from '../../lib/save-file';

const { downloadUpload, uploadFile } = fileRoutes;

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

/**
 * The desk scanner's newest scan, through the workstation agent, as a file to upload. A prescription
 * (`prescriptionOf`: the record's number) is kept by the agent under that number (spec.md §7
 * GET /scan-prescription), so the desk finds it again by record.
 */
export function useDeskScan() {
  return useMutation({
    mutationFn: async (prescriptionOf: string | null) =>
      fileOfScan(await (prescriptionOf ? fetchPrescriptionScan(prescriptionOf) : fetchScan())),
    meta: { quiet: true },
  });
}

/** Records by number or patient (name, NIR, DD/MM/YYYY), as the records list searches: the first 20. */
export function useRecordSearch(term: string) {
  return useQuery({
    queryKey: queryKeys.record.pick(term),
    queryFn: () =>
      call('getRecords', {
        query: { search: term.trim() || undefined, number_of_records: 20, page_number: 1 },
      }),
  });
}

/** One record with its patient, read on its own (the search's first page may not hold it). */
export function usePickedRecord(recordId: string | null) {
  return useQuery({
    queryKey: queryKeys.record.one(recordId ?? ''),
    queryFn: async () => (await call('getRecord', { query: { record_id: recordId ?? '' } }))[0] ?? null,
    enabled: recordId !== null,
  });
}

/** A stored document saved to the browser's downloads under its uploaded name. */
export function useDownloadUpload() {
  return useMutation({
    mutationFn: async (row: PortalUploadRow) =>
      saveFile(await apiDownload(downloadUpload.path, { upload_id: row.upload_id }, row.upload_name)),
  });
}
