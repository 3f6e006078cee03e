import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { groupAnalyses, renderRequestForm } from './request-form.js';
import { decodeCode128 } from './testing/code128.js';
import { requestForm } from './testing/fixtures.js';
import { barWidths, pdfText, readPdfPages } from './testing/pdf-content.js';

describe('renderRequestForm', () => {
  it('lays out the record, the patient, the prescriber, the analyses and the report channels', async () => {
    const pdf = await renderRequestForm(requestForm, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Laboratoire Saint-Éloi',
      "BON DE DEMANDE D'ANALYSE",
      'Dossier D2024-000123',
      'DUPONT-LÉGER',
      'Élodie Françoise',
      'LÉGER',
      '01/02/1980',
      'Féminin',
      'Dr Hélène Garçon',
      '14/05/2024 à 08:35',
      'Mme Chloé Bœuf',
      'Combinaison 1 — Sang total · Tube EDTA',
      'Combinaison 1 — Urine',
      'Combinaison 2 — Sang total · Tube fluoré',
      'NABM 1104',
      'Diabète de type 2 ; dernière prise de metformine hier à 20 h.',
      'En ligne',
      'Médecin du travail',
      'Dossier D2024-000123 · DUPONT-LÉGER Élodie Françoise · Page 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('URGENT');
    expect(text).not.toContain('INS');
  });

  it('prints the record barcode so the form leads back to its record', async () => {
    const [page] = readPdfPages(await renderRequestForm(requestForm, { compress: false }));
    // Bars are the narrow, tall rectangles; check boxes are drawn as strokes, not filled rectangles.
    const bars = (page?.rects ?? []).filter((rect) => rect.height > 20 && rect.width < 5);
    expect(decodeCode128(barWidths(bars))).toBe('D2024-000123');
  });

  it('shows the INS only when given (a qualified identity) and marks urgent records', async () => {
    const pdf = await renderRequestForm(
      {
        ...requestForm,
        urgent: true,
        patient: { ...requestForm.patient, ins: { value: '279035121518989', oid: '1.2.250.1.213.1.4.10' } },
      },
      { compress: false },
    );
    const text = pdfText(pdf);
    expect(text).toContain('URGENT');
    expect(text).toContain('2 79 03 51 215 189 89 (INS-NIR de test)');
  });

  it('continues on a second page when the analyses do not fit on one', async () => {
    const analyses = Array.from({ length: 70 }, (_, index) => ({
      name: `Analyse ${index + 1}`,
      combination: 1 + (index % 5),
      sampleType: 'Sérum',
    }));
    const pdf = await renderRequestForm({ ...requestForm, analyses }, { compress: false });
    const pages = readPdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pdfText(pdf)).toContain('Analyse 70');
    expect(pages.at(-1)?.lines.at(-1)).toContain(`Page ${pages.length} / ${pages.length}`);
  });

  it('refuses a form without analyses or with a collection time that is not a time', async () => {
    await expect(renderRequestForm({ ...requestForm, analyses: [] })).rejects.toThrow(ZodError);
    await expect(renderRequestForm({ ...requestForm, collectedAt: '2024-05-14T25:00' })).rejects.toThrow(
      ZodError,
    );
  });
});

describe('groupAnalyses', () => {
  it('groups by combination, then sample type and matrix, in the order met', () => {
    expect(groupAnalyses(requestForm.analyses).map((group) => [group.title, group.analyses.length])).toEqual([
      ['Combinaison 1 — Sang total · Tube EDTA', 2],
      ['Combinaison 1 — Urine', 1],
      ['Combinaison 2 — Sang total · Tube fluoré', 1],
    ]);
  });
});
