import type { DownloadedFile } from './api-client';

/** Hands a downloaded file to the browser's download manager. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or Chromium may cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
