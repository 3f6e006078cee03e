import { drawLinear, encodeBarcode } from './barcode.js';
import { frenchDate, labelName, SEX_LABELS, upperFrench } from './format.js';
import { A4, fittedLine, MM, type Pdf } from './pdf.js';
import type { DocumentPatient } from './schemas.js';

/** Shared building blocks of the A4 documents (request form, prescription cover page). */

export const PAGE_MARGIN = 15 * MM;
export const CONTENT_WIDTH = A4[0] - 2 * PAGE_MARGIN;
const BOTTOM = A4[1] - PAGE_MARGIN - 12;
const GREY = '#555555';
const RULE = '#999999';

export function addA4Page(doc: Pdf): void {
  doc.addPage({ size: A4, margin: PAGE_MARGIN });
  doc.x = PAGE_MARGIN;
  doc.y = PAGE_MARGIN;
}

/** Starts a new page when `height` more points would run into the footer. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > BOTTOM) addA4Page(doc);
}

/**
 * Laboratory at the top left, the document title and the record barcode at the top right, so
 * the form can be scanned back to its record at the sorting bench.
 */
export function drawHeader(
  doc: Pdf,
  laboratory: { name: string; address?: string; phone?: string },
  title: string,
  recordId: string,
): void {
  const left = PAGE_MARGIN;
  const rightWidth = 70 * MM;
  const right = A4[0] - PAGE_MARGIN - rightWidth;
  fittedLine(doc, laboratory.name, left, PAGE_MARGIN, right - left - 5 * MM, 'Helvetica-Bold', 13);
  let y = PAGE_MARGIN + 18;
  // The address as typed, one line each (street, postcode and town); past three, the rest shares the third.
  const address = (laboratory.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const addressLines = address.length > 3 ? [...address.slice(0, 2), address.slice(2).join(', ')] : address;
  for (const line of [...addressLines, laboratory.phone ? `Tél. ${laboratory.phone}` : undefined]) {
    if (!line) continue;
    fittedLine(doc, line, left, y, right - left - 5 * MM, 'Helvetica', 9);
    y += 12;
  }
  fittedLine(doc, title, right, PAGE_MARGIN, rightWidth, 'Helvetica-Bold', 12, 'right');
  const symbol = encodeBarcode(recordId, 'code128');
  if (symbol.kind === 'linear') {
    const module = Math.min(0.33 * MM, rightWidth / (symbol.modules + 20));
    const width = module * symbol.modules;
    drawLinear(doc, symbol, A4[0] - PAGE_MARGIN - width - 10 * module, PAGE_MARGIN + 18, width, 10 * MM);
  }
  fittedLine(
    doc,
    `Dossier ${recordId}`,
    right,
    PAGE_MARGIN + 18 + 10 * MM + 3,
    rightWidth,
    'Helvetica-Bold',
    10,
    'right',
  );
  doc.x = PAGE_MARGIN;
  doc.y = PAGE_MARGIN + 18 + 10 * MM + 22;
}

/** A section title with a rule under it. */
export function sectionTitle(doc: Pdf, title: string): void {
  ensureSpace(doc, 48);
  doc.y += 8;
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor('black')
    .text(title, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  const ruleY = doc.y + 1;
  doc
    .moveTo(PAGE_MARGIN, ruleY)
    .lineTo(A4[0] - PAGE_MARGIN, ruleY)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y = ruleY + 5;
}

/** 'Label : value' rows in one or two columns. */
export function fieldRows(
  doc: Pdf,
  rows: ReadonlyArray<readonly [string, string | undefined]>,
  columns = 2,
): void {
  const present = rows.filter(
    (row): row is readonly [string, string] => row[1] !== undefined && row[1] !== '',
  );
  const columnWidth = CONTENT_WIDTH / columns;
  for (let index = 0; index < present.length; index += columns) {
    ensureSpace(doc, 14);
    const y = doc.y;
    let lineHeight = 14;
    present.slice(index, index + columns).forEach(([label, value], column) => {
      const x = PAGE_MARGIN + column * columnWidth;
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(GREY)
        .text(`${label} : `, x, y, { continued: true, width: columnWidth - 8 });
      doc.font('Helvetica-Bold').fillColor('black').text(value);
      lineHeight = Math.max(lineHeight, doc.y - y + 3);
    });
    doc.y = y + lineHeight;
  }
}

/** Identity as the national identity rules want it on paper: INS only when the caller gave it. */
export function patientRows(patient: DocumentPatient): Array<readonly [string, string | undefined]> {
  return [
    ['Nom', upperFrench(patient.surname)],
    ['Prénom(s)', patient.firstName],
    ['Nom de naissance', patient.birthName ? upperFrench(patient.birthName) : undefined],
    ['Né(e) le', frenchDate(patient.dob)],
    ['Sexe', SEX_LABELS[patient.sex]],
    ['INS', patient.ins ? `${spacedNir(patient.ins.value)} (${insKind(patient.ins.oid)})` : undefined],
  ];
}

/** NIR digits grouped as printed on the Carte Vitale: 1 23 45 67 890 123 45. */
function spacedNir(value: string): string {
  const groups = [1, 2, 2, 2, 3, 3, 2];
  let rest = value;
  const parts: string[] = [];
  for (const size of groups) {
    if (!rest) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  return parts.join(' ');
}

/** The assignment authority OIDs of spec §9. */
function insKind(oid: string): string {
  const kinds: Record<string, string> = {
    '1.2.250.1.213.1.4.8': 'INS-NIR',
    '1.2.250.1.213.1.4.9': 'INS-NIA',
    '1.2.250.1.213.1.4.10': 'INS-NIR de test',
    '1.2.250.1.213.1.4.11': 'INS-NIR de démonstration',
  };
  return kinds[oid] ?? `OID ${oid}`;
}

/** A check box drawn with lines: WinAnsi has no ballot-box glyph. */
export function checkBox(doc: Pdf, x: number, y: number, checked: boolean): void {
  const size = 8;
  doc.rect(x, y, size, size).lineWidth(0.7).strokeColor('black').stroke();
  if (!checked) return;
  doc
    .moveTo(x + 1.5, y + 1.5)
    .lineTo(x + size - 1.5, y + size - 1.5)
    .moveTo(x + size - 1.5, y + 1.5)
    .lineTo(x + 1.5, y + size - 1.5)
    .lineWidth(1.2)
    .stroke();
}

/**
 * Page numbers once every page exists ('Page 1 / 2'), with the record and the patient on each
 * page, so a page separated from the others still says whose it is.
 */
export function footers(
  doc: Pdf,
  recordId: string,
  patient: DocumentPatient,
  range: { start: number; count: number } = doc.bufferedPageRange(),
): void {
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = A4[1] - PAGE_MARGIN - 4;
    const who = labelName(patient.surname, patient.firstName);
    const text = `Dossier ${recordId} · ${who} · Page ${index - range.start + 1} / ${range.count}`;
    // A footer sits inside the bottom margin; zeroing it stops pdfkit from opening a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(GREY).text(text, PAGE_MARGIN, y, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
}
