import { entities, fileRoutes, type ImportFileType, type RouteBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUpload, call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { tableRouteAnswering } from '../../lib/table/entity-routes';
import { loadEveryRow } from '../../lib/table/list-state';

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
    mutationFn: (choice: ImportChoice) => apiUpload(previewResultsImport, formOf(choice)),
    meta: { quiet: true },
  });
}

/** Writes the file's results: every sample's results screen reads them again. */
export function useImportResults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: ImportChoice) => apiUpload(importResults, formOf(choice)),
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

/** Only what a parameter choice needs: the mapping does not read (nor check) formulas or ranges. */
const ParameterChoices = z.object({
  data: z.array(z.object({ parameter_id: z.string(), parameter_name: z.string() })),
  number_of_pages: z.number(),
});

/** The laboratory's parameters as choices for the mapping (read level 1 on parameters). */
export function useParameterChoices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.importParameterChoices,
    queryFn: async () => {
      const route = await tableRouteAnswering(entities.parameters, 'list', ParameterChoices);
      return loadEveryRow((query) => call(route, { query }));
    },
    select: (answer) => answer.data.map((row) => ({ value: row.parameter_id, label: row.parameter_name })),
    enabled,
    staleTime: 30_000,
  });
}
