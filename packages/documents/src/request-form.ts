import {
  addA4Page,
  CONTENT_WIDTH,
  checkBox,
  drawHeader,
  ensureSpace,
  fieldRows,
  footers,
  PAGE_MARGIN,
  patientRows,
  sectionTitle,
} from './a4-blocks.js';
import { frenchDate, frenchDateTime, REPORT_CHANNEL_LABELS } from './format.js';
import { type Pdf, type RenderOptions, renderPdf } from './pdf.js';
import {
  type OrderedAnalysis,
  type ReportChannel,
  type RequestFormInput,
  reportChannelSchema,
  requestFormInputSchema,
} from './schemas.js';

export const REQUEST_FORM_TITLE = "BON DE DEMANDE D'ANALYSE";

/**
 * The analysis request form of a record (report service GET /get-external-request-form): the
 * laboratory, the record barcode, the patient, the prescriber, the collection, the ordered
 * analyses by combination and sample type, clinical information and the report channels.
 */
export async function renderRequestForm(
  input: RequestFormInput,
  options: RenderOptions = {},
): Promise<Buffer> {
  const form = requestFormInputSchema.parse(input);
  return renderPdf(`${form.recordId} - ${REQUEST_FORM_TITLE}`, options, (doc) => {
    addA4Page(doc);
    drawHeader(doc, form.laboratory, REQUEST_FORM_TITLE, form.recordId);
    if (form.urgent) urgentBanner(doc);

    sectionTitle(doc, 'Patient');
    fieldRows(doc, patientRows(form.patient));

    sectionTitle(doc, 'Prescription et prélèvement');
    fieldRows(doc, [
      ['Prescripteur', form.prescriber?.name],
      ['RPPS', form.prescriber?.rpps],
      ['Date de prescription', form.prescriptionDate ? frenchDate(form.prescriptionDate) : undefined],
      ['Prélèvement', form.collectedAt ? frenchDateTime(form.collectedAt) : undefined],
      ['Préleveur', form.collector],
      ['N° de dossier', form.recordNumber],
    ]);
    // An address is long: a row of its own instead of wrapping inside a half-width column.
    fieldRows(doc, [['Adresse du prescripteur', form.prescriber?.address]], 1);

    sectionTitle(doc, 'Analyses demandées');
    analysisGroups(doc, form.analyses);

    if (form.clinicalInformation) {
      sectionTitle(doc, 'Renseignements cliniques');
      doc.font('Helvetica').fontSize(9.5).fillColor('black');
      doc.text(form.clinicalInformation, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
    }

    sectionTitle(doc, 'Transmission des résultats');
    channelBoxes(doc, form.reportChannels);
    footers(doc, form.recordId, form.patient);
  });
}

function urgentBanner(doc: Pdf): void {
  const y = doc.y;
  doc.rect(PAGE_MARGIN, y, CONTENT_WIDTH, 18).fillColor('black').fill();
  doc.font('Helvetica-Bold').fontSize(11).fillColor('white');
  doc.text('URGENT', PAGE_MARGIN, y + 4, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
  doc.fillColor('black');
  doc.y = y + 24;
}

/** Groups analyses by combination, then by sample type and matrix, in the order first met. */
export function groupAnalyses(
  analyses: readonly OrderedAnalysis[],
): Array<{ title: string; analyses: OrderedAnalysis[] }> {
  const groups = new Map<string, { title: string; combination: number; analyses: OrderedAnalysis[] }>();
  for (const analysis of analyses) {
    const sample = analysis.matrix ? `${analysis.sampleType} · ${analysis.matrix}` : analysis.sampleType;
    const title = `Combinaison ${analysis.combination} — ${sample}`;
    const group = groups.get(title) ?? { title, combination: analysis.combination, analyses: [] };
    group.analyses.push(analysis);
    groups.set(title, group);
  }
  return [...groups.values()].sort((a, b) => a.combination - b.combination);
}

function analysisGroups(doc: Pdf, analyses: readonly OrderedAnalysis[]): void {
  for (const group of groupAnalyses(analyses)) {
    ensureSpace(doc, 30);
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor('black')
      .text(group.title, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.y += 2;
    for (const analysis of group.analyses) {
      ensureSpace(doc, 13);
      const y = doc.y;
      const codes = analysis.nabmCodes?.length ? `NABM ${analysis.nabmCodes.join(', ')}` : '';
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .text(`–  ${analysis.name}`, PAGE_MARGIN + 10, y, { width: CONTENT_WIDTH - 110 });
      const after = doc.y;
      if (codes)
        doc
          .fontSize(8.5)
          .fillColor('#555555')
          .text(codes, PAGE_MARGIN + CONTENT_WIDTH - 95, y + 0.5, {
            width: 95,
            align: 'right',
            lineBreak: false,
          });
      doc.fillColor('black');
      doc.y = after + 1.5;
    }
    doc.y += 5;
  }
}

/** Every channel with its box, ticked when the record asks for it, three to a row. */
function channelBoxes(doc: Pdf, selected: readonly ReportChannel[]): void {
  const channels = reportChannelSchema.options;
  const columnWidth = CONTENT_WIDTH / 3;
  for (let index = 0; index < channels.length; index += 3) {
    ensureSpace(doc, 14);
    const y = doc.y;
    channels.slice(index, index + 3).forEach((channel, column) => {
      const x = PAGE_MARGIN + column * columnWidth;
      checkBox(doc, x, y + 0.5, selected.includes(channel));
      doc.font('Helvetica').fontSize(9.5).fillColor('black');
      doc.text(REPORT_CHANNEL_LABELS[channel], x + 13, y, { width: columnWidth - 16, lineBreak: false });
    });
    doc.y = y + 15;
  }
}
