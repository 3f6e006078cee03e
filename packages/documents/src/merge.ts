/**
 * One PDF of several stored PDFs, page for page and in order (print batches of signed reports):
 * the pages are copied, never rendered again, so each reads as the biologist validated it.
 */
export async function mergePdfs(
  documents: readonly Uint8Array[],
  title = 'Lot de comptes rendus',
): Promise<{ pdf: Buffer; pages: number }> {
  if (documents.length === 0) throw new Error('mergePdfs needs at least one document');
  // pdf-lib's maintained fork, imported on the first batch, not at the server's start (as pdfkit: pdf.ts).
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const merged = await PDFDocument.create();
  merged.setTitle(title);
  merged.setCreator('SIL');
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return { pdf: Buffer.from(await merged.save()), pages: merged.getPageCount() };
}

/** The number of pages of a PDF (a print batch's check, a stored report's length). */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  return (await PDFDocument.load(bytes)).getPageCount();
}
