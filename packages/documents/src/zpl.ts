import { encodeBarcode } from './barcode.js';
import { printedDob } from './format.js';
import { LABEL_SIZE_MM } from './pdf.js';
import {
  type BarcodeLabelsInput,
  barcodeLabelsInputSchema,
  type ExternalLabelInput,
  externalLabelInputSchema,
  type PasswordLabelInput,
  passwordLabelInputSchema,
  type Symbology,
} from './schemas.js';

/**
 * The same labels as the PDFs, written in ZPL II for Zebra-compatible thermal printers (raw TCP
 * on port 9100). Layout is in millimetres and converted to the printer's dots.
 */
export interface ZplOptions {
  /** Dots per millimetre: 8 for a 203 dpi head (the usual desk printer), 12 for 300 dpi. */
  dpmm?: 8 | 12;
}

/** Helvetica-like average width of a character, in font heights, to estimate what fits. */
const AVERAGE_CHAR_WIDTH = 0.55;
/** 6 pt, as on the PDF label: the smallest name still read without a loupe. */
const TITLE_MIN_MM = 2.1;

interface ZplLabel {
  title: string;
  left: string;
  right?: string;
  detail?: string;
  barcode: string;
  symbology: Symbology;
}

export function zplForLabels(input: BarcodeLabelsInput, options: ZplOptions = {}): string {
  const labels = barcodeLabelsInputSchema.parse(input);
  return labels.samples
    .map((sample) =>
      identityLabel(
        {
          title: labels.name,
          left: printedDob(labels.dob),
          right: `Dossier ${labels.barcode}`,
          detail: `${sample.sample_type} · ${sample.sample_matrix}`,
          barcode: sample.sample_id,
          symbology: labels.symbology,
        },
        options.dpmm ?? 8,
      ),
    )
    .join('');
}

export function zplForExternalLabel(input: ExternalLabelInput, options: ZplOptions = {}): string {
  const label = externalLabelInputSchema.parse(input);
  return identityLabel(
    {
      title: label.name,
      left: printedDob(label.dob),
      right: 'Envoi externe',
      barcode: label.barcode,
      symbology: label.symbology,
    },
    options.dpmm ?? 8,
  );
}

export function zplForPasswordLabel(input: PasswordLabelInput, options: ZplOptions = {}): string {
  const label = passwordLabelInputSchema.parse(input);
  const dots = dotsPer(options.dpmm ?? 8);
  const width = LABEL_SIZE_MM.width - 4;
  return [
    labelStart(dots),
    text(dots, 'Vos résultats en ligne', 2, 2, width, 3.2, 'C'),
    text(dots, 'Identifiant (n° de dossier)', 2, 7, width, 2.3),
    text(dots, label.recordId, 2, 10, width, 3.6),
    text(dots, 'Mot de passe', 2, 14.5, width, 2.3),
    text(dots, label.password, 2, 17.5, width, 3.6),
    text(dots, 'Document personnel, à conserver.', 2, 22, width, 2),
    '^XZ\n',
  ].join('');
}

function identityLabel(label: ZplLabel, dpmm: 8 | 12): string {
  const dots = dotsPer(dpmm);
  const width = LABEL_SIZE_MM.width - 3;
  const title = titleBlock(dots, label.title, width);
  // Everything under a two-line name moves down; the barcode gives up that height.
  const shift = title.shift;
  const lines = [labelStart(dots), title.zpl];
  if (label.symbology === 'datamatrix') {
    const symbol = encodeBarcode(label.barcode, 'datamatrix');
    const side = symbol.kind === 'matrix' ? Math.max(symbol.columns, symbol.rows) : 1;
    const module = Math.max(1, Math.floor(dots(18 - shift) / side));
    const squareX = LABEL_SIZE_MM.width - 1.5 - (module * side) / dpmm;
    const columnWidth = squareX - 3.5;
    let y = 5.7 + shift;
    for (const line of [label.left, label.right, label.detail]) {
      if (!line) continue;
      lines.push(text(dots, line, 1.5, y, columnWidth, 2.6));
      y += 3.2;
    }
    lines.push(
      `^FO${dots(squareX)},${dots(5.4 + shift)}^BXN,${module},200^FH^FD${zplFieldData(label.barcode)}^FS\n`,
    );
    lines.push(text(dots, label.barcode, 1.5, 20.3, columnWidth, 2.8));
  } else {
    lines.push(text(dots, label.left, 1.5, 5.6 + shift, width / 2, 2.8));
    if (label.right) lines.push(text(dots, label.right, 1.5 + width / 2, 5.6 + shift, width / 2, 2.8, 'R'));
    if (label.detail) lines.push(text(dots, label.detail, 1.5, 8.9 + shift, width, 2.4));
    lines.push(code128(dots, label.barcode, (label.detail ? 11.8 : 9) + shift, 8.5 - shift));
    lines.push(text(dots, label.barcode, 1.5, 20.8, width, 2.8, 'C'));
  }
  lines.push('^XZ\n');
  return lines.join('');
}

type Dots = (mm: number) => number;

function dotsPer(dpmm: 8 | 12): Dots {
  return (mm) => Math.round(mm * dpmm);
}

/** Label format start: UTF-8 (^CI28) so ^FH hex escapes carry UTF-8 bytes; size from LABEL_SIZE_MM. */
function labelStart(dots: Dots): string {
  return `^XA\n^CI28\n^PW${dots(LABEL_SIZE_MM.width)}\n^LL${dots(LABEL_SIZE_MM.height)}\n^LH0,0\n`;
}

/**
 * One line of text in the scalable font, in a one-line field block so it never wraps onto the
 * barcode. Long text is shrunk (down to 1.8 mm) and then cut, estimating Helvetica-like widths.
 */
function text(
  dots: Dots,
  value: string,
  x: number,
  y: number,
  width: number,
  height: number,
  align: 'L' | 'C' | 'R' = 'L',
) {
  const size = Math.max(1.8, Math.min(height, width / (value.length * AVERAGE_CHAR_WIDTH)));
  const maxChars = Math.floor(width / (size * AVERAGE_CHAR_WIDTH));
  const shown = value.length > maxChars ? `${value.slice(0, maxChars - 1)}.` : value;
  return `^FO${dots(x)},${dots(y)}^A0N,${dots(size)},${dots(size)}^FB${dots(width)},1,0,${align}^FH^FD${zplFieldData(shown)}^FS\n`;
}

/**
 * The patient's name on one line when it fits at TITLE_MIN_MM, otherwise on two lines rather than
 * cut, as on the PDF label. Returns how far the rest of the label moves down.
 */
function titleBlock(dots: Dots, title: string, width: number): { zpl: string; shift: number } {
  if (title.length * TITLE_MIN_MM * AVERAGE_CHAR_WIDTH <= width) {
    return { zpl: text(dots, title, 1.5, 1.5, width, 3.2), shift: 0 };
  }
  const size = dots(TITLE_MIN_MM);
  const field = `^A0N,${size},${size}^FB${dots(width)},2,0,L^FH^FD${zplFieldData(title)}^FS\n`;
  return { zpl: `^FO${dots(1.5)},${dots(1.5)}${field}`, shift: 1.6 };
}

/**
 * Code 128 centred on the label, with modules of whole dots (at most 0.375 mm) as in the PDF.
 * ^BC mode A lets the printer pick subsets B/C as bwip-js does, so the width estimate holds.
 */
function code128(dots: Dots, value: string, y: number, height: number): string {
  const symbol = encodeBarcode(value, 'code128');
  const modules = symbol.kind === 'linear' ? symbol.modules : 0;
  const available = dots(LABEL_SIZE_MM.width - 3);
  const module = Math.max(1, Math.min(dots(0.375), Math.floor(available / (modules + 20))));
  const x = Math.max(0, Math.round((dots(LABEL_SIZE_MM.width) - module * modules) / 2));
  return `^FO${x},${dots(y)}^BY${module}^BCN,${dots(height)},N,N,N,A^FH^FD${zplFieldData(value)}^FS\n`;
}

/**
 * ^FH escaping: every byte that is not plain printable ASCII, and ZPL's own command, tilde and
 * escape characters, becomes _XX (hex of its UTF-8 bytes), so accents print and field data can
 * never end the field or start a command.
 */
export function zplFieldData(value: string): string {
  let escaped = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const plain = byte >= 0x20 && byte <= 0x7e && byte !== 0x5e && byte !== 0x7e && byte !== 0x5f;
    escaped += plain ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return escaped;
}
