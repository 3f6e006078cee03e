import {
  addA4Page,
  CONTENT_WIDTH,
  drawHeader,
  ensureSpace,
  fieldRows,
  footers,
  PAGE_MARGIN,
  patientRows,
  sectionTitle,
} from './a4-blocks.js';
import { frenchDate, frenchDateTime } from './format.js';
import { A4, type Pdf, type RenderOptions, renderPdf } from './pdf.js';
import { type ReportInput, type ResultMark, reportInputSchema } from './report-schema.js';

type Report = ReturnType<typeof reportInputSchema.parse>;
type Family = Report['families'][number];
type Analysis = Family['analyses'][number];
type Line = Analysis['lines'][number];

export const REPORT_TITLES = { final: 'COMPTE RENDU', partial: 'COMPTE RENDU PARTIEL' } as const;

/**
 * Marks that read on a black and white copy: a letter beside the value, and the value in bold.
 * Colour would vanish on the fax the report often travels by.
 */
const MARK_TEXT: Record<ResultMark, string> = { low: 'L', high: 'H', toxic: '*', deadly: '**' };
const ACCREDITATION_MARK = { '15189': '†', '17025': '‡' } as const;

const COLUMNS = [
  { key: 'name', width: 0.34 },
  { key: 'value', width: 0.17 },
  { key: 'unit', width: 0.11 },
  { key: 'range', width: 0.18 },
  { key: 'anteriority', width: 0.2 },
] as const;
const GREY = '#555555';

/**
 * The result report of a record (compte rendu d'examens): laboratory, patient, prescriber and
 * collection, then the results family by family in rank order, the analyses not performed, the
 * interpretations, the validating biologist, and the attached documents meant for the report.
 */
export function renderReport(input: ReportInput, options: RenderOptions = {}): Promise<Buffer> {
  const report = reportInputSchema.parse(input);
  return renderPdf(`${report.recordId} - ${REPORT_TITLES[report.kind]}`, options, (doc) =>
    drawReport(doc, report),
  );
}

/**
 * Many reports in one PDF, each numbered on its own pages ('Page 1 / 2' of its record): the print
 * batch of the reports to post or hand over on paper.
 */
export async function renderReportBatch(
  inputs: readonly ReportInput[],
  options: RenderOptions = {},
): Promise<Buffer> {
  const reports = inputs.map((input) => reportInputSchema.parse(input));
  return renderPdf(`Lot de ${reports.length} comptes rendus`, options, (doc) => {
    for (const report of reports) drawReport(doc, report);
  });
}

function drawReport(doc: Pdf, report: Report): void {
  const title = REPORT_TITLES[report.kind];
  const start = doc.bufferedPageRange().count;
  addA4Page(doc);
  drawHeader(doc, report.laboratory, title, report.recordId);
  fieldRows(
    doc,
    [
      ['FINESS', report.laboratory.finess],
      ['Accréditation', report.laboratory.accreditation],
    ],
    1,
  );
  sectionTitle(doc, 'Patient');
  fieldRows(doc, patientRows(report.patient));
  sectionTitle(doc, 'Demande');
  fieldRows(doc, [
    ['Dossier', report.recordId],
    ['Prescripteur', report.prescriber?.name ?? 'Non renseigné'],
    ['Prélèvement', report.collectedAt ? frenchDateTime(report.collectedAt) : undefined],
    ['RPPS', report.prescriber?.rpps],
    ['Compte rendu', report.kind === 'final' ? 'Final' : 'Partiel (résultats en attente)'],
    ['Version', report.version ? String(report.version) : undefined],
  ]);
  if (report.replaces) drawReplacement(doc, report.replaces);

  const families = printedFamilies(report.families);
  for (const family of families) drawFamily(doc, family);
  if (families.length === 0) note(doc, 'Aucun résultat à rendre.');
  drawLegend(doc, families);

  if (report.notPerformed.length > 0) {
    sectionTitle(doc, 'Analyses non effectuées');
    for (const ane of report.notPerformed) paragraph(doc, `${ane.analysis} : ${ane.text}`);
  }
  if (report.sampleInterpretations.length > 0 || report.recordInterpretation) {
    sectionTitle(doc, 'Interprétation');
    for (const item of report.sampleInterpretations)
      paragraph(doc, `Échantillon ${item.sample} : ${item.text}`);
    if (report.recordInterpretation) paragraph(doc, report.recordInterpretation);
  }
  drawSignature(doc, report);
  drawAttachments(doc, report.attachments);
  const range = { start, count: doc.bufferedPageRange().count - start };
  if (report.watermark) watermarks(doc, report.watermark, range);
  footers(doc, report.recordId, report.patient, range);
}

/** Families in rank order (unranked last, then by name), without what the patient never reads. */
export function printedFamilies(families: readonly Family[]): Family[] {
  return families
    .map((family) => ({
      ...family,
      analyses: family.analyses
        .filter((analysis) => !analysis.hiddenInReport)
        .map((analysis) => ({ ...analysis, lines: analysis.lines.filter((line) => !line.hidden) }))
        .filter((analysis) => family.sentOut || analysis.lines.length > 0),
    }))
    .filter((family) => family.analyses.length > 0)
    .sort(
      (a, b) =>
        (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
        a.name.localeCompare(b.name, 'fr'),
    );
}

function drawFamily(doc: Pdf, family: Family): void {
  sectionTitle(doc, family.sentOut ? `${family.name} (analyses transmises)` : family.name);
  if (family.sentOut) {
    for (const analysis of family.analyses)
      paragraph(
        doc,
        `${analysisTitle(analysis)} : transmise à un laboratoire sous-traitant, résultat rendu par celui-ci.`,
      );
  } else {
    tableHead(doc);
    for (const analysis of family.analyses) drawAnalysis(doc, analysis);
  }
  if (family.message) note(doc, family.message);
}

const analysisTitle = (analysis: Analysis) =>
  analysis.accreditation ? `${analysis.name} ${ACCREDITATION_MARK[analysis.accreditation]}` : analysis.name;

function drawAnalysis(doc: Pdf, analysis: Analysis): void {
  const single = analysis.lines.length === 1 && analysis.lines[0]?.parameter === analysis.name;
  if (!single) {
    ensureSpace(doc, 28);
    doc.font('Helvetica-Bold').fontSize(9).fillColor('black');
    doc.text(analysisTitle(analysis), PAGE_MARGIN, doc.y + 2, { width: CONTENT_WIDTH });
  }
  for (const line of analysis.lines)
    drawLine(doc, line, single ? analysisTitle(analysis) : `  ${line.parameter}`);
  for (const remark of analysis.forensicRemarks) note(doc, remark);
}

function columnX(index: number): number {
  return PAGE_MARGIN + COLUMNS.slice(0, index).reduce((sum, column) => sum + column.width * CONTENT_WIDTH, 0);
}
const columnWidth = (index: number) => (COLUMNS[index]?.width ?? 0) * CONTENT_WIDTH - 4;

function tableHead(doc: Pdf): void {
  ensureSpace(doc, 30);
  const y = doc.y;
  const heads = ['Analyse', 'Résultat', 'Unité', 'Valeurs de référence', 'Antériorité'];
  doc.font('Helvetica-Oblique').fontSize(8).fillColor(GREY);
  heads.forEach((head, index) => {
    doc.text(head, columnX(index), y, { width: columnWidth(index), lineBreak: false });
  });
  doc.y = y + 12;
}

function printedValue(line: Line): string {
  if (line.value === null) return 'En attente';
  const marks = line.marks.map((mark) => MARK_TEXT[mark]).join(' ');
  return marks ? `${line.value} ${marks}` : line.value;
}

function drawLine(doc: Pdf, line: Line, name: string): void {
  ensureSpace(doc, 26);
  const y = doc.y;
  const outOfRange = line.marks.length > 0;
  const cells: Array<[string, string]> = [
    [name, 'Helvetica'],
    [printedValue(line), outOfRange ? 'Helvetica-Bold' : 'Helvetica'],
    [line.unit ?? '', 'Helvetica'],
    [line.range ?? '', 'Helvetica'],
    [line.anteriority ? `${line.anteriority.value} (${frenchDate(line.anteriority.date)})` : '', 'Helvetica'],
  ];
  let bottom = y;
  cells.forEach(([value, font], index) => {
    if (!value) return;
    doc
      .font(font)
      .fontSize(9)
      .fillColor(index === 4 ? GREY : 'black');
    doc.text(value, columnX(index), y, { width: columnWidth(index) });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 2;
  if (line.beforeConversion) {
    const before = [line.beforeConversion.value, line.beforeConversion.unit].filter(Boolean).join(' ');
    doc.font('Helvetica-Oblique').fontSize(8).fillColor(GREY);
    doc.text(`Avant conversion : ${before}`, columnX(1), doc.y, {
      width: CONTENT_WIDTH - columnX(1) + PAGE_MARGIN,
    });
    doc.y += 2;
  }
}

function drawLegend(doc: Pdf, families: readonly Family[]): void {
  const analyses = families.flatMap((family) => family.analyses);
  const marks = new Set(analyses.flatMap((analysis) => analysis.lines.flatMap((line) => line.marks)));
  const legend: string[] = [];
  if (marks.has('high') || marks.has('low'))
    legend.push('H / L : au-dessus / au-dessous des valeurs de référence (valeur en gras)');
  if (marks.has('toxic')) legend.push('* : zone toxique');
  if (marks.has('deadly')) legend.push('** : zone létale');
  if (analyses.some((analysis) => analysis.accreditation === '15189'))
    legend.push('† : analyse couverte par l’accréditation NF EN ISO 15189');
  if (analyses.some((analysis) => analysis.accreditation === '17025'))
    legend.push('‡ : analyse couverte par l’accréditation NF EN ISO/IEC 17025');
  if (legend.length === 0) return;
  doc.y += 6;
  for (const item of legend) note(doc, item);
}

/**
 * The amendment's mention, under the request and before any result, in bold: whoever holds the
 * earlier version reads at once that it no longer stands, and why.
 */
export function replacementMention(replaces: NonNullable<Report['replaces']>): string {
  return `Ce compte rendu annule et remplace celui du ${frenchDateTime(replaces.validatedAt)} (motif : ${replaces.reason}).`;
}

function drawReplacement(doc: Pdf, replaces: NonNullable<Report['replaces']>): void {
  ensureSpace(doc, 24);
  doc.y += 4;
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor('black')
    .text(replacementMention(replaces), PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 4;
}

function drawSignature(doc: Pdf, report: Report): void {
  sectionTitle(doc, 'Validation biologique');
  if (report.validatedBy) {
    const when = report.validatedAt ? ` le ${frenchDateTime(report.validatedAt)}` : '';
    paragraph(doc, `Validé par ${report.validatedBy}${when}.`);
  } else {
    paragraph(doc, 'Non validé.');
  }
}

function drawAttachments(doc: Pdf, attachments: Report['attachments']): void {
  if (attachments.length === 0) return;
  sectionTitle(doc, 'Documents joints');
  for (const file of attachments) {
    const drawn = file.bytes && (file.type === 'image/png' || file.type === 'image/jpeg');
    paragraph(doc, drawn ? `${file.name} (en annexe)` : `${file.name} (document transmis séparément)`);
  }
  for (const file of attachments) {
    if (!file.bytes || (file.type !== 'image/png' && file.type !== 'image/jpeg')) continue;
    addA4Page(doc);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('black')
      .text(`Annexe : ${file.name}`, PAGE_MARGIN, PAGE_MARGIN);
    const top = PAGE_MARGIN + 18;
    doc.image(Buffer.from(file.bytes), PAGE_MARGIN, top, {
      fit: [CONTENT_WIDTH, A4[1] - top - PAGE_MARGIN - 16],
      align: 'center',
    });
  }
}

function paragraph(doc: Pdf, value: string): void {
  ensureSpace(doc, 14);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('black')
    .text(value, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 3;
}

function note(doc: Pdf, value: string): void {
  ensureSpace(doc, 12);
  doc
    .font('Helvetica-Oblique')
    .fontSize(8)
    .fillColor(GREY)
    .text(value, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 2;
}

/** A light diagonal word on every page, drawn under nothing the reader needs. */
function watermarks(doc: Pdf, word: string, range: { start: number; count: number }): void {
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    doc.save();
    doc.rotate(-45, { origin: [A4[0] / 2, A4[1] / 2] });
    doc.font('Helvetica-Bold').fontSize(56).fillColor('#bbbbbb').fillOpacity(0.35);
    doc.text(word, 0, A4[1] / 2 - 28, { width: A4[0], align: 'center', lineBreak: false });
    doc.restore();
    doc.fillOpacity(1);
  }
}
