import bwipjs from 'bwip-js';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { renderPrescriptionSheet } from './prescription.js';
import { patient, requestForm } from './testing/fixtures.js';
import { pdfText, readPdfPages } from './testing/pdf-content.js';

const sheet = {
  laboratory: requestForm.laboratory,
  recordId: 'D2024-000123',
  patient,
  prescriber: { name: 'Dr Hélène Garçon', rpps: '10101010101' },
  prescriptionDate: '2024-05-13',
};

describe('renderPrescriptionSheet', () => {
  it('puts the scan on its own page after the cover page', async () => {
    // Any real PNG stands in for a scanned prescription.
    const scan = await bwipjs.toBuffer({ bcid: 'code128', text: 'ORDONNANCE', scale: 2 });
    const pdf = await renderPrescriptionSheet(
      { ...sheet, scan: { type: 'image/png', bytes: scan } },
      { compress: false },
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = readPdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]?.lines).toContain('PRESCRIPTION');
    expect(pages[0]?.lines).toContain('Ordonnance numérisée en page suivante.');
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(pages[1]?.lines).toEqual(['Dossier D2024-000123 · DUPONT-LÉGER Élodie Françoise · Page 2 / 2']);
  });

  it('says so when the record has no scan', async () => {
    const pdf = await renderPrescriptionSheet(sheet, { compress: false });
    expect(readPdfPages(pdf)).toHaveLength(1);
    expect(pdfText(pdf)).toContain('Aucune ordonnance numérisée pour ce dossier.');
    expect(pdfText(pdf)).toContain('13/05/2024');
  });

  it('refuses bytes that are not the declared image type', async () => {
    const notPng = { type: 'image/png' as const, bytes: Buffer.from('%PDF-1.4 not an image') };
    await expect(renderPrescriptionSheet({ ...sheet, scan: notPng })).rejects.toThrow(ZodError);
  });
});
