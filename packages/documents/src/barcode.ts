import { createRequire } from 'node:module';
import type BwipJs from 'bwip-js';
import type { Pdf } from './pdf.js';
import type { Symbology } from './schemas.js';

/** Bars of a linear symbol: widths in modules, alternating bar, space, bar… starting with a bar. */
export interface LinearSymbol {
  kind: 'linear';
  widths: number[];
  modules: number;
}

/** Dark modules of a 2D symbol, row by row from the top. */
export interface MatrixSymbol {
  kind: 'matrix';
  columns: number;
  rows: number;
  dark: boolean[];
}

export type BarcodeSymbol = LinearSymbol | MatrixSymbol;

const requireHere = createRequire(import.meta.url);
let bwip: typeof BwipJs | undefined;
/**
 * bwip-js is loaded by the first barcode, not by every start of the server (most draw none soon).
 * Synchronously, so that the layouts and the ZPL labels that call encodeBarcode stay synchronous.
 */
const bwipjs = () => (bwip ??= requireHere('bwip-js') as typeof BwipJs);

const BWIPP_NAMES: Record<Symbology, string> = { code128: 'code128', datamatrix: 'datamatrix' };

/**
 * Encodes `text` with bwip-js (Barcode Writer in Pure PostScript) and keeps only the geometry,
 * so the PDF can draw the symbol as vector rectangles: the label printer then rasterises it at
 * its own resolution instead of resampling a bitmap, which keeps bar widths even.
 */
export function encodeBarcode(text: string, symbology: Symbology): BarcodeSymbol {
  const [symbol] = bwipjs().raw(BWIPP_NAMES[symbology], text, {});
  if (!symbol) throw new Error(`bwip-js produced no ${symbology} symbol`);
  if ('sbs' in symbol) {
    return { kind: 'linear', widths: symbol.sbs, modules: symbol.sbs.reduce((sum, width) => sum + width, 0) };
  }
  return {
    kind: 'matrix',
    columns: symbol.pixx,
    rows: symbol.pixy,
    dark: symbol.pixs.map((pixel) => pixel === 1),
  };
}

/**
 * Draws a linear symbol filling `width` (quiet zones are the caller's margins) and `height`.
 * Returns the module width actually used.
 */
export function drawLinear(
  doc: Pdf,
  symbol: LinearSymbol,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const module = width / symbol.modules;
  let cursor = x;
  symbol.widths.forEach((modules, index) => {
    if (index % 2 === 0) doc.rect(cursor, y, modules * module, height);
    cursor += modules * module;
  });
  doc.fillColor('black').fill();
  return module;
}

/**
 * Draws a 2D symbol as a square of side `size`. Dark modules of a row are merged into runs, so a
 * viewer's anti-aliasing leaves no hairline between neighbours.
 */
export function drawMatrix(doc: Pdf, symbol: MatrixSymbol, x: number, y: number, size: number) {
  const module = size / Math.max(symbol.columns, symbol.rows);
  for (let row = 0; row < symbol.rows; row++) {
    let runStart = -1;
    for (let column = 0; column <= symbol.columns; column++) {
      const dark = column < symbol.columns && symbol.dark[row * symbol.columns + column] === true;
      if (dark && runStart < 0) runStart = column;
      if (!dark && runStart >= 0) {
        doc.rect(x + runStart * module, y + row * module, (column - runStart) * module, module);
        runStart = -1;
      }
    }
  }
  doc.fillColor('black').fill();
  return module;
}
