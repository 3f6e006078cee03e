import { PAGE_MARGIN } from './a4-blocks.js';
import { A4, type RenderOptions, renderPdf } from './pdf.js';

export interface ResultsSummaryInput {
  laboratoryName: string;
  recordNumber: string;
  patientName: string;
  patientDob: string;
  validatedAt: string | null;
  results: Array<{ name: string; value: string; unit?: string; range?: string; flags: string[] }>;
}

export const RESULTS_SUMMARY_TITLE = 'Résultats (récapitulatif)';

/**
 * A plain list of a validated record's results, which delivery sends until the signed report of
 * issue 15 takes its place: same record, same recipients, the full layout left to the report.
 */
export function renderResultsSummary(
  input: ResultsSummaryInput,
  options: RenderOptions = {},
): Promise<Buffer> {
  return renderPdf(`${RESULTS_SUMMARY_TITLE} ${input.recordNumber}`, options, (doc) => {
    doc.addPage({ size: A4, margin: PAGE_MARGIN });
    doc.font('Helvetica-Bold').fontSize(14).text(input.laboratoryName);
    doc.moveDown(0.5).fontSize(12).text(`${RESULTS_SUMMARY_TITLE} — dossier ${input.recordNumber}`);
    doc.font('Helvetica').fontSize(10).text(`${input.patientName}, né(e) le ${input.patientDob}`);
    if (input.validatedAt) doc.text(`Validé le ${input.validatedAt}`);
    doc.moveDown();
    for (const line of input.results) {
      const value = [line.value, line.unit].filter(Boolean).join(' ');
      const range = line.range ? `  (${line.range})` : '';
      const flags = line.flags.length > 0 ? `  ${line.flags.join(' ')}` : '';
      doc.text(`${line.name} : ${value}${range}${flags}`);
    }
  });
}
