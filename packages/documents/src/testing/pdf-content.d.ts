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
export declare function readPdfPages(pdf: Buffer): PdfPage[];
export declare function pdfText(pdf: Buffer): string;
/** Bar and space widths of a linear barcode drawn as one rectangle per bar. */
export declare function barWidths(rects: readonly PdfRect[]): number[];
