import { inflateSync } from 'node:zlib';

/**
 * Reads what pdfkit wrote into an uncompressed PDF (`compress: false`): the text lines and the
 * filled rectangles of each page's content stream. Tests use it to check what a reader would see.
 */

export interface PdfRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPage {
  lines: string[];
  rects: PdfRect[];
}

/**
 * WinAnsi bytes 0x80–0x9F (€, ’, œ…); the rest is Latin-1. Written out because Node 20's
 * TextDecoder('windows-1252') decodes these bytes as C1 control characters.
 */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function winAnsi(bytes: Buffer): string {
  return [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte)))
    .join('');
}

export function readPdfPages(pdf: Buffer): PdfPage[] {
  const source = pdf.toString('latin1');
  const pages: PdfPage[] = [];
  for (const match of source.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const content = match[1] ?? '';
    // Content streams start by flipping the page to top-left coordinates; images do not.
    if (!content.startsWith('1 0 0 -1 0 ')) continue;
    pages.push({ lines: textLines(content), rects: rects(content) });
  }
  return pages;
}

export function pdfText(pdf: Buffer): string {
  return readPdfPages(pdf)
    .flatMap((page) => page.lines)
    .join('\n');
}

/** The text of a PDF as the server stores it, its content streams deflated: inflated, then read. */
export function storedPdfText(pdf: Buffer): string {
  const inflated = pdf
    .toString('latin1')
    .replace(
      /\/Filter \/FlateDecode\n>>\nstream\n([\s\S]*?)\nendstream/g,
      (_all, data: string) =>
        `>>\nstream\n${inflateSync(Buffer.from(data, 'latin1')).toString('latin1')}\nendstream`,
    );
  return pdfText(Buffer.from(inflated, 'latin1'));
}

function textLines(content: string): string[] {
  return [...content.matchAll(/\[(.*?)\] TJ/g)].map((array) =>
    [...(array[1] ?? '').matchAll(/<([0-9a-f]*)>/g)]
      .map((hex) => winAnsi(Buffer.from(hex[1] ?? '', 'hex')))
      .join(''),
  );
}

function rects(content: string): PdfRect[] {
  return [...content.matchAll(/^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/gm)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
    width: Number(match[3]),
    height: Number(match[4]),
  }));
}

/** Bar and space widths of a linear barcode drawn as one rectangle per bar. */
export function barWidths(rects: readonly PdfRect[]): number[] {
  const bars = [...rects].sort((a, b) => a.x - b.x);
  const widths: number[] = [];
  bars.forEach((bar, index) => {
    const previous = bars[index - 1];
    if (previous) widths.push(bar.x - (previous.x + previous.width));
    widths.push(bar.width);
  });
  return widths;
}
