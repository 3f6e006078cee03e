import {
  addA4Page,
  CONTENT_WIDTH,
  drawHeader,
  fieldRows,
  footers,
  PAGE_MARGIN,
  patientRows,
  sectionTitle,
} from './a4-blocks.js';
import { frenchDate } from './format.js';
import { A4, type Pdf, type RenderOptions, renderPdf } from './pdf.js';
import { type PrescriptionSheetInput, prescriptionSheetInputSchema } from './schemas.js';

export const PRESCRIPTION_TITLE = 'PRESCRIPTION';

/**
 * The prescription of a record (report service GET /get-prescription): a cover page naming the
 * patient, the record and the prescriber, then the scanned prescription on its own page, scaled to
 * fit and centred, so the printed copy can never be separated from whom it belongs to.
 */
export async function renderPrescriptionSheet(
  input: PrescriptionSheetInput,
  options: RenderOptions = {},
): Promise<Buffer> {
  const sheet = prescriptionSheetInputSchema.parse(input);
  return renderPdf(`${sheet.recordId} - ${PRESCRIPTION_TITLE}`, options, (doc) => {
    addA4Page(doc);
    drawHeader(doc, sheet.laboratory, PRESCRIPTION_TITLE, sheet.recordId);
    sectionTitle(doc, 'Patient');
    fieldRows(doc, patientRows(sheet.patient));
    sectionTitle(doc, 'Prescripteur');
    fieldRows(doc, [
      ['Prescripteur', sheet.prescriber?.name ?? 'Non renseigné'],
      ['RPPS', sheet.prescriber?.rpps],
      ['Adresse', sheet.prescriber?.address],
      ['Date de prescription', sheet.prescriptionDate ? frenchDate(sheet.prescriptionDate) : undefined],
    ]);
    doc.y += 12;
    doc.font('Helvetica-Oblique').fontSize(9.5).fillColor('black');
    doc.text(
      sheet.scan ? 'Ordonnance numérisée en page suivante.' : 'Aucune ordonnance numérisée pour ce dossier.',
      PAGE_MARGIN,
      doc.y,
      { width: CONTENT_WIDTH },
    );

    if (sheet.scan) {
      addA4Page(doc);
      drawScan(doc, Buffer.from(sheet.scan.bytes));
    }
    footers(doc, sheet.recordId, sheet.patient);
  });
}

/** The scan scaled to fit the page inside the margins and centred. */
function drawScan(doc: Pdf, bytes: Buffer): void {
  // Leave room for the footer line under the image.
  const boxHeight = A4[1] - 2 * PAGE_MARGIN - 16;
  doc.image(bytes, PAGE_MARGIN, PAGE_MARGIN, {
    fit: [CONTENT_WIDTH, boxHeight],
    align: 'center',
    valign: 'center',
  });
}
