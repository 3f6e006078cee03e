import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../api-client';
import { saveFile } from '../save-file';

export interface ExportRequest {
  format: 'csv' | 'xlsx';
  /** The selected rows, or null for 'export all in database'. */
  ids: string[] | null;
}

/** Downloads an export of a table (selected rows or all of them) as CSV or XLSX. */
export function useExport(path: string, baseName: string) {
  return useMutation({
    mutationFn: async ({ format, ids }: ExportRequest) => {
      const file = await apiDownload(path, { format, 'ids[]': ids ?? undefined }, `${baseName}.${format}`);
      saveFile(file);
    },
  });
}
