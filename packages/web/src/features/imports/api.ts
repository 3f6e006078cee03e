import { fileRoutes, type ImportFileType, type RouteBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const { previewResultsImport, importResults } = fileRoutes;

export interface ImportChoice {
  fileType: ImportFileType;
  machineId: string | null;
  file: File;
}

const formOf = ({ fileType, machineId, file }: ImportChoice) => {
  const form = new FormData();
  form.append('file_type', fileType);
  if (machineId) form.append('machine_id', machineId);
  form.append('file', file);
  return form;
};

/** What a file would write; nothing is stored, so it is a mutation only to be started on demand. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (choice: ImportChoice) =>
      apiUpload(previewResultsImport.path, formOf(choice), previewResultsImport.response),
    meta: { quiet: true },
  });
}

/** Writes the file's results: every sample's results screen reads them again. */
export function useImportResults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: ImportChoice) =>
      apiUpload(importResults.path, formOf(choice), importResults.response),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sample'] }),
  });
}

/** The mapping of a type for a machine (and the lines for every machine). */
export function useImportMappings(fileType: ImportFileType, machineId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.importMappings(fileType, machineId ?? ''),
    queryFn: () =>
      call('getImportMappings', {
        query: { file_type: fileType, ...(machineId ? { machine_id: machineId } : {}) },
      }),
    enabled,
  });
}

export function useUpdateImportMappings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateImportMappings'>) => call('updateImportMappings', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.importMappingsAll }),
  });
}
