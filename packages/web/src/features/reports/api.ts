import { fileRoutes, type PortalReportVersionRow } from '@sil/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, call, type DownloadedFile } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { saveFile } from '../../lib/save-file';

/** The stored versions of a record's result report, newest first. */
export function useReportVersions(recordId: string) {
  return useQuery({
    queryKey: queryKeys.record.reports(recordId),
    queryFn: () => call('getReportVersions', { query: { record_id: recordId } }),
  });
}

/** A PDF in a new tab, the browser's reader; without one (a blocked pop-up) it is saved. */
function showPdf(file: DownloadedFile) {
  const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
  if (!window.open(url, '_blank')) saveFile(file);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const storedVersion = (row: PortalReportVersionRow) =>
  apiDownload(
    fileRoutes.downloadReport.path,
    { report_id: row.report_id },
    `report-v${row.report_version}.pdf`,
  );

/** The report as it would read now, watermarked (laboratory staff only), in the screen's language. */
export function usePreviewReport(recordId: string) {
  return useMutation({
    mutationFn: async (lang: 'fr' | 'en') => {
      const answer = await call('previewReport', { query: { record_id: recordId, lang } });
      if ('skip' in answer) return;
      const bytes = Uint8Array.from(atob(answer.pdf_base64), (char) => char.charCodeAt(0));
      showPdf({ blob: new Blob([bytes]), fileName: answer.filename });
    },
  });
}

/** A stored version in the browser's PDF reader, as it was signed. */
export function useOpenReportVersion() {
  return useMutation({
    mutationFn: async (row: PortalReportVersionRow) => showPdf(await storedVersion(row)),
  });
}

/** A stored version saved to the browser's downloads, as it was signed. */
export function useDownloadReportVersion() {
  return useMutation({
    mutationFn: async (row: PortalReportVersionRow) => saveFile(await storedVersion(row)),
  });
}
