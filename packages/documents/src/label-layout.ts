import { drawLinear, drawMatrix, encodeBarcode } from './barcode.js';
import { fitFontSize, fittedLine, LABEL, MM, type Pdf } from './pdf.js';
import type { Symbology } from './schemas.js';

/** What one tube label shows, top to bottom. */
export interface LabelContent {
  title: string;
  left: string;
  right?: string;
  detail?: string;
  barcode: string;
  symbology: Symbology;
}

const MARGIN = 1.5 * MM;
/** A thermal printer at 203 dpi prints dots of 0.125 mm: whole-dot modules keep bars even. */
const DOT = 0.125 * MM;
const MAX_MODULE = 0.375 * MM;
/** Code 128 asks for ten modules of blank on each side for the reader to find the symbol. */
const QUIET_MODULES = 10;

export function addLabelPage(doc: Pdf, content: LabelContent): void {
  doc.addPage({ size: LABEL, margin: 0 });
  if (content.symbology === 'datamatrix') drawMatrixLabel(doc, content);
  else drawLinearLabel(doc, content);
}

function drawLinearLabel(doc: Pdf, content: LabelContent): void {
  const [pageWidth] = LABEL;
  const width = pageWidth - 2 * MARGIN;
  const top = MARGIN + drawTitle(doc, content.title, width);
  const rightWidth = content.right ? width * 0.5 : 0;
  fittedLine(doc, content.left, MARGIN, top, width - rightWidth, 'Helvetica', 7.5);
  if (content.right) {
    fittedLine(
      doc,
      content.right,
      MARGIN + width - rightWidth,
      top,
      rightWidth,
      'Helvetica-Bold',
      7.5,
      'right',
    );
  }
  if (content.detail) fittedLine(doc, content.detail, MARGIN, top + 9, width, 'Helvetica', 6.5);

  const symbol = encodeBarcode(content.barcode, 'code128');
  if (symbol.kind !== 'linear') throw new Error('Code 128 must be a linear symbol');
  const fit = width / (symbol.modules + 2 * QUIET_MODULES);
  const module = fit >= DOT ? Math.min(MAX_MODULE, Math.floor(fit / DOT) * DOT) : fit;
  const barsWidth = module * symbol.modules;
  const barsTop = top + (content.detail ? 18 : 10.5);
  const barsHeight = LABEL[1] - barsTop - MARGIN - 8.5;
  drawLinear(doc, symbol, (pageWidth - barsWidth) / 2, barsTop, barsWidth, barsHeight);
  fittedLine(doc, content.barcode, MARGIN, barsTop + barsHeight + 1.5, width, 'Helvetica', 7.5, 'center');
}

/** DataMatrix: the square on the right, the identity in a column on the left. */
function drawMatrixLabel(doc: Pdf, content: LabelContent): void {
  const [pageWidth, pageHeight] = LABEL;
  const top = MARGIN + drawTitle(doc, content.title, pageWidth - 2 * MARGIN);
  const size = Math.min(18 * MM, pageHeight - MARGIN - top);
  const squareX = pageWidth - MARGIN - size;
  const textWidth = squareX - 2 * MM - MARGIN;
  let y = top + 1.5;
  for (const text of [content.left, content.right, content.detail]) {
    if (!text) continue;
    fittedLine(doc, text, MARGIN, y, textWidth, 'Helvetica', 7);
    y += 9;
  }
  const symbol = encodeBarcode(content.barcode, 'datamatrix');
  if (symbol.kind !== 'matrix') throw new Error('DataMatrix must be a 2D symbol');
  drawMatrix(doc, symbol, squareX, pageHeight - MARGIN - size, size);
  fittedLine(doc, content.barcode, MARGIN, pageHeight - MARGIN - 8, textWidth, 'Helvetica-Bold', 7.5);
}

/** Smallest size at which the patient's name is still read without a loupe on a tube. */
const TITLE_MIN = 6;

/**
 * The patient's name on one line, shrunk down to TITLE_MIN; a longer name wraps onto a second
 * line rather than being cut, because a label must identify the patient in full. Returns the
 * height used.
 */
function drawTitle(doc: Pdf, title: string, width: number): number {
  const size = fitFontSize(doc, title, 'Helvetica-Bold', width, 8.5, TITLE_MIN);
  if (doc.widthOfString(title) <= width - 0.5) {
    fittedLine(doc, title, MARGIN, MARGIN, width, 'Helvetica-Bold', size);
    return 10.5;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(TITLE_MIN)
    .text(title, MARGIN, MARGIN, {
      width,
      height: TITLE_MIN * 2.3,
      // Two lines at most: the schema caps names at 80 characters, which two lines hold.
      lineGap: -0.5,
    });
  return 15;
}
