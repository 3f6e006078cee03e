import type { DocumentAnswer } from '@sil/contract';
import { saveFile } from '../../lib/save-file';

/**
 * Hands a report-service PDF (base64, spec.md §7 'Report service') to the browser's downloads.
 * Answers false when the service said there is nothing to download ('SKIP DOWNLOAD').
 */
export function downloadDocument(answer: DocumentAnswer): boolean {
  if ('skip' in answer) return false;
  const bytes = Uint8Array.from(atob(answer.pdf_base64), (char) => char.charCodeAt(0));
  saveFile({ blob: new Blob([bytes], { type: 'application/pdf' }), fileName: answer.filename });
  return true;
}
