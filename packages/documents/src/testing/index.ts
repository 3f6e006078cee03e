/** Readers for tests of any package that renders these documents: PDF content and Code 128 bars. */
export { decodeCode128 } from './code128.js';
export { report as reportFixture } from './fixtures.js';
export {
  barWidths,
  type PdfPage,
  type PdfRect,
  pdfText,
  readPdfPages,
  storedPdfText,
} from './pdf-content.js';
