import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { renderBarcodeLabels, renderExternalLabel, renderPasswordLabel } from './labels.js';
import { decodeCode128 } from './testing/code128.js';
import { barWidths, pdfText, readPdfPages } from './testing/pdf-content.js';
import { hasPdftoppm, rasterise, rowRuns } from './testing/raster.js';

const labels = {
  name: 'DUPONT-LÉGER Élodie',
  dob: '01021980 F',
  barcode: 'D2024-000123',
  samples: [
    { sample_id: 'S2024-0001231', sample_type: 'Sang total', sample_matrix: 'Tube EDTA' },
    { sample_id: 'S2024-0001232', sample_type: 'Urine', sample_matrix: 'Flacon stérile' },
  ],
  amount: 2,
};

describe('renderBarcodeLabels', () => {
  it('prints one label per sample with the identity, the record and the sample', async () => {
    const pdf = await renderBarcodeLabels(labels, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = readPdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]?.lines).toEqual([
      'DUPONT-LÉGER Élodie',
      '01/02/1980 F',
      'Dossier D2024-000123',
      'Sang total · Tube EDTA',
      'S2024-0001231',
    ]);
    expect(pages[1]?.lines).toContain('Urine · Flacon stérile');
  });

  it('draws a Code 128 whose bars decode to the sample id, under which the same id is written', async () => {
    const pages = readPdfPages(await renderBarcodeLabels(labels, { compress: false }));
    pages.forEach((page, index) => {
      const id = labels.samples[index]?.sample_id;
      expect(decodeCode128(barWidths(page.rects))).toBe(id);
      expect(page.lines.at(-1)).toBe(id);
    });
  });

  it.skipIf(!hasPdftoppm())(
    'keeps the barcode readable once rasterised at a label printer resolution',
    async () => {
      const pdf = await renderBarcodeLabels(
        { ...labels, samples: [labels.samples[0]!], amount: 1 },
        { compress: false },
      );
      const bars = readPdfPages(pdf)[0]!.rects;
      const middle = (bars[0]!.y + bars[0]!.height / 2) / 72;
      for (const dpi of [203, 300, 600]) {
        const image = rasterise(pdf, dpi);
        expect(decodeCode128(rowRuns(image, Math.round(middle * dpi)))).toBe('S2024-0001231');
      }
    },
  );

  it('draws a DataMatrix in a square beside the identity when asked', async () => {
    const pdf = await renderBarcodeLabels({ ...labels, symbology: 'datamatrix' }, { compress: false });
    const [page] = readPdfPages(pdf);
    expect(page?.lines).toContain('S2024-0001231');
    const rects = page?.rects ?? [];
    expect(rects.length).toBeGreaterThan(20);
    const left = Math.min(...rects.map((rect) => rect.x));
    const right = Math.max(...rects.map((rect) => rect.x + rect.width));
    const top = Math.min(...rects.map((rect) => rect.y));
    const bottom = Math.max(...rects.map((rect) => rect.y + rect.height));
    expect(right - left).toBeCloseTo(bottom - top, 1);
  });

  it('wraps a long name onto two lines rather than cutting it', async () => {
    const name = 'DE LA ROCHEFOUCAULD-MONTMORENCY Marie-Bénédicte Éléonore';
    const pdf = await renderBarcodeLabels({ ...labels, name }, { compress: false });
    const [page] = readPdfPages(pdf);
    // pdfkit keeps the breaking space at the end of the first line.
    expect(page?.lines.slice(0, 2).join('')).toBe(name);
    expect(decodeCode128(barWidths(page?.rects ?? []))).toBe('S2024-0001231');
  });

  it('refuses labels a scanner could not read back or that contradict themselves', async () => {
    await expect(renderBarcodeLabels({ ...labels, amount: 3 })).rejects.toThrow(ZodError);
    await expect(renderBarcodeLabels({ ...labels, dob: '31021980 F' })).rejects.toThrow(ZodError);
    await expect(renderBarcodeLabels({ ...labels, dob: '1980-02-01' })).rejects.toThrow(ZodError);
    await expect(
      renderBarcodeLabels({ ...labels, samples: [{ ...labels.samples[0]!, sample_id: 'S^1' }] }),
    ).rejects.toThrow(ZodError);
    await expect(renderBarcodeLabels({ ...labels, samples: [] })).rejects.toThrow(ZodError);
  });
});

describe('renderExternalLabel', () => {
  it('carries the identity and the record barcode', async () => {
    const pdf = await renderExternalLabel(
      { name: 'MARTIN Noé', dob: '31121999 M', barcode: 'D2024-000123' },
      { compress: false },
    );
    const [page] = readPdfPages(pdf);
    expect(page?.lines).toEqual(['MARTIN Noé', '31/12/1999 M', 'Envoi externe', 'D2024-000123']);
    expect(decodeCode128(barWidths(page?.rects ?? []))).toBe('D2024-000123');
  });
});

describe('renderPasswordLabel', () => {
  it('gives the patient the record id and the password for online results', async () => {
    const pdf = await renderPasswordLabel(
      { recordId: 'D2024-000123', password: 'Xk7#pQ2m' },
      { compress: false },
    );
    expect(pdfText(pdf)).toBe(
      [
        'Vos résultats en ligne',
        'Identifiant (n° de dossier)',
        'D2024-000123',
        'Mot de passe',
        'Xk7#pQ2m',
        'Document personnel, à conserver.',
      ].join('\n'),
    );
  });

  it('refuses a password with spaces, which a patient could not type back reliably', async () => {
    await expect(renderPasswordLabel({ recordId: 'D1', password: 'ab cd ef' })).rejects.toThrow(ZodError);
  });
});
