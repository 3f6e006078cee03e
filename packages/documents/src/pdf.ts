export type Pdf = PDFKit.PDFDocument;

/** Options every renderer accepts. */
export interface RenderOptions {
  /** Streams are deflated by default; tests turn it off to read the text operators. */
  compress?: boolean;
}

export const MM = 72 / 25.4;

/** PDF page sizes in points. */
export const A4: [number, number] = [595.28, 841.89];
/** 50 × 25 mm, the usual tube label of French laboratories' thermal printers. */
export const LABEL_SIZE_MM = { width: 50, height: 25 } as const;
export const LABEL: [number, number] = [LABEL_SIZE_MM.width * MM, LABEL_SIZE_MM.height * MM];

/**
 * Opens a document whose pages are added by the caller (autoFirstPage is off so every page,
 * including the first, gets its own size), and resolves to the finished PDF bytes.
 * Fonts are pdfkit's standard Helvetica family (WinAnsi, which covers French accents and œ).
 */
export async function renderPdf(
  title: string,
  options: RenderOptions,
  draw: (doc: Pdf) => void,
): Promise<Buffer> {
  // Imported on the first document, not at the server's start: pdfkit with its fonts and fontkit
  // is a third of a second or more of every start (docs/decisions/0022-server-runs-bundled.md).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    autoFirstPage: false,
    // Kept in memory until the end so footers can number pages ('Page 1 / 2').
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: title, Creator: 'SIL', Producer: 'SIL' },
    lang: 'fr-FR',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    draw(doc);
  } finally {
    // Ending even after a drawing error releases the stream; the error itself propagates.
    doc.end();
  }
  return done;
}

/**
 * Largest font size, up to `max`, at which `text` fits in `width` on one line; labels are small
 * and a long compound surname must shrink rather than wrap over the barcode.
 */
export function fitFontSize(
  doc: Pdf,
  text: string,
  font: string,
  width: number,
  max: number,
  min = 5,
): number {
  doc.font(font);
  for (let size = max; size > min; size -= 0.25) {
    // Half a point of slack: pdfkit's line wrapper ellipsizes text that fits only to the hair.
    if (doc.fontSize(size).widthOfString(text) <= width - 0.5) return size;
  }
  return min;
}

/** Writes one line of text, shrunk to fit, and clipped as a last resort so nothing overflows. */
export function fittedLine(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  font: string,
  max: number,
  align: 'left' | 'right' | 'center' = 'left',
): number {
  const size = fitFontSize(doc, text, font, width, max);
  doc
    .font(font)
    .fontSize(size)
    .text(text, x, y, { width, align, lineBreak: false, ellipsis: true, height: size * 1.2 });
  return size;
}
