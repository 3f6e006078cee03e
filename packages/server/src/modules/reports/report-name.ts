import { REPORT_TITLES, safeFileName } from '@sil/documents';

/** A report's file name: the record, the title of its kind, and its version (or 'preview'). */
export function reportFileName(recordNumber: string, version: number | null, kind: 'partial' | 'final') {
  const suffix = version === null ? 'PREVISUALISATION' : `V${version}`;
  return `${safeFileName(`${recordNumber} - ${REPORT_TITLES[kind]} ${suffix}`)}.pdf`;
}
