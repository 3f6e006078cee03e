/**
 * An independent Code 128 reader for tests: it knows nothing of bwip-js and reads the bar and
 * space widths the way a scanner at the reception desk would, so a label test proves the printed
 * symbol decodes back to the sample id rather than that bwip-js agrees with itself.
 */
/** Decodes alternating bar/space widths (any unit, starting with a bar) into the encoded text. */
export declare function decodeCode128(widths: readonly number[]): string;
