import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { mergePdfs } from './merge.js';

async function pdfOf(pages: number, width: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < pages; index++) doc.addPage([width, 842]);
  return doc.save();
}

describe('mergePdfs', () => {
  it('copies every page of every document, in order', async () => {
    const { pdf, pages } = await mergePdfs([await pdfOf(2, 595), await pdfOf(1, 600), await pdfOf(3, 610)]);
    expect(pages).toBe(6);
    const read = await PDFDocument.load(pdf);
    expect(read.getPageCount()).toBe(6);
    expect(read.getPages().map((page) => page.getWidth())).toEqual([595, 595, 600, 610, 610, 610]);
    expect(read.getTitle()).toBe('Lot de comptes rendus');
  });

  it('refuses an empty batch and a document that is not a PDF', async () => {
    await expect(mergePdfs([])).rejects.toThrow();
    await expect(mergePdfs([new TextEncoder().encode('not a pdf')])).rejects.toThrow();
  });
});
