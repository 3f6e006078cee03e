import { printedDob } from './format.js';
import { addLabelPage } from './label-layout.js';
import { fittedLine, LABEL, MM, type RenderOptions, renderPdf } from './pdf.js';
import {
  type BarcodeLabelsInput,
  barcodeLabelsInputSchema,
  type ExternalLabelInput,
  externalLabelInputSchema,
  type PasswordLabelInput,
  passwordLabelInputSchema,
} from './schemas.js';

/**
 * One 50 × 25 mm label per sample: patient name, 'DD/MM/YYYY sex', record id, sample type and
 * matrix, and the sample id as a barcode with its human-readable text.
 */
export async function renderBarcodeLabels(
  input: BarcodeLabelsInput,
  options: RenderOptions = {},
): Promise<Buffer> {
  const labels = barcodeLabelsInputSchema.parse(input);
  return renderPdf(`Étiquettes ${labels.barcode}`, options, (doc) => {
    for (const sample of labels.samples) {
      addLabelPage(doc, {
        title: labels.name,
        left: printedDob(labels.dob),
        right: `Dossier ${labels.barcode}`,
        detail: `${sample.sample_type} · ${sample.sample_matrix}`,
        barcode: sample.sample_id,
        symbology: labels.symbology,
      });
    }
  });
}

/** Label for a tube sent to another laboratory: identity and the record's barcode. */
export async function renderExternalLabel(
  input: ExternalLabelInput,
  options: RenderOptions = {},
): Promise<Buffer> {
  const label = externalLabelInputSchema.parse(input);
  return renderPdf(`Étiquette externe ${label.barcode}`, options, (doc) => {
    addLabelPage(doc, {
      title: label.name,
      left: printedDob(label.dob),
      right: 'Envoi externe',
      barcode: label.barcode,
      symbology: label.symbology,
    });
  });
}

/**
 * Label handed to the patient to read the results online. The password is printed in Courier so
 * that 0/O and 1/l stay distinguishable.
 */
export async function renderPasswordLabel(
  input: PasswordLabelInput,
  options: RenderOptions = {},
): Promise<Buffer> {
  const label = passwordLabelInputSchema.parse(input);
  return renderPdf(`Accès résultats ${label.recordId}`, options, (doc) => {
    doc.addPage({ size: LABEL, margin: 0 });
    const margin = 2 * MM;
    const width = LABEL[0] - 2 * margin;
    fittedLine(doc, 'Vos résultats en ligne', margin, margin, width, 'Helvetica-Bold', 9, 'center');
    fittedLine(doc, 'Identifiant (n° de dossier)', margin, margin + 14, width, 'Helvetica', 6.5);
    fittedLine(doc, label.recordId, margin, margin + 22, width, 'Courier-Bold', 10);
    fittedLine(doc, 'Mot de passe', margin, margin + 35, width, 'Helvetica', 6.5);
    fittedLine(doc, label.password, margin, margin + 43, width, 'Courier-Bold', 10);
    fittedLine(
      doc,
      'Document personnel, à conserver.',
      margin,
      LABEL[1] - margin - 6,
      width,
      'Helvetica-Oblique',
      5.5,
    );
  });
}
