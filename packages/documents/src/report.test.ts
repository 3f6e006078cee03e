import { describe, expect, it } from 'vitest';
import { renderReport, renderReportBatch } from './report.js';
import { patient, report } from './testing/fixtures.js';
import { pdfText, readPdfPages } from './testing/pdf-content.js';

describe('renderReport', () => {
  it("prints the laboratory's address line by line as it was typed", async () => {
    const laboratory = { ...report.laboratory, address: '12 rue des Tilleuls\n\n69003 Lyon\n' };
    const lines = pdfText(await renderReport({ ...report, laboratory }, { compress: false })).split('\n');
    expect(lines).toContain('12 rue des Tilleuls');
    expect(lines).toContain('69003 Lyon');
  });

  it('prints the results of a known record with ranges, marks, anteriority and pages', async () => {
    const pdf = await renderReport(report, { compress: false });
    const text = pdfText(pdf);
    const lines = text.split('\n');
    for (const expected of [
      'COMPTE RENDU',
      'FINESS : ',
      '750000001',
      'Accréditation Cofrac n° 8-1234',
      '2 80 02 75 123 456 78 (INS-NIR)',
      'Dr Hélène Garçon',
      '14/05/2024 à 08:35',
      '7,10 H',
      'mmol/L',
      '3,90 – 5,50',
      '6,40 (02/11/2023)',
      'Avant conversion : 1,28 g/L',
      '11,2 L',
      '12,0 – 16,0',
      'Numération formule sanguine †',
      'Éthanol sanguin ‡',
      '0,85 *',
      'Prélèvement réalisé sur réquisition judiciaire.',
      'Sous-traitance (analyses transmises)',
      'Ferritine : Échantillon hémolysé',
      'Échantillon E24-000123-1 : Sérum lactescent.',
      'Hyperglycémie à contrôler.',
      'Validé par Dr Paul Biologiste le 14/05/2024 à 17:02.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(lines.some((line) => line.startsWith('Génotypage HLA-B27 : transmise'))).toBe(true);
    // Hidden parameters and analyses hidden in report never reach paper.
    for (const hidden of ['Index interne', 'Calcul interne masqué', 'Ratio masqué'])
      expect(text).not.toContain(hidden);
    // Families in rank order: chemistry before haematology although listed after it.
    expect(text.indexOf('Biochimie')).toBeLessThan(text.indexOf('Hématologie'));
    expect(text.indexOf('Hématologie')).toBeLessThan(text.indexOf('Toxicologie'));
    const pages = readPdfPages(pdf);
    expect(pages.at(-1)?.lines.at(-1)).toBe(
      `Dossier D2024-000123 · DUPONT-LÉGER Élodie Françoise · Page ${pages.length} / ${pages.length}`,
    );
    expect(text).not.toContain('PRÉVISUALISATION');
  });

  it('numbers every page of a long report and says partial and preview', async () => {
    const many = Array.from({ length: 90 }, (_, index) => ({
      parameter: `Paramètre ${index + 1}`,
      value: String(index),
      unit: 'U/L',
      range: '0 – 100',
    }));
    const pdf = await renderReport(
      {
        ...report,
        kind: 'partial',
        watermark: 'PRÉVISUALISATION',
        validatedBy: undefined,
        families: [{ name: 'Biochimie', analyses: [{ name: 'Bilan', lines: many }] }],
      },
      { compress: false },
    );
    const pages = readPdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page.lines).toContain('PRÉVISUALISATION');
      expect(page.lines.at(-1)).toMatch(new RegExp(`Page ${index + 1} / ${pages.length}$`));
    });
    const text = pdfText(pdf);
    expect(text).toContain('COMPTE RENDU PARTIEL');
    expect(text).toContain('Partiel (résultats en attente)');
    expect(text).toContain('Paramètre 90');
    expect(text).toContain('Non validé.');
  });

  it('leaves out an unqualified identity’s INS when the server gives none', async () => {
    const pdf = await renderReport({ ...report, patient }, { compress: false });
    expect(pdfText(pdf)).not.toContain('INS-NIR');
  });

  it('says which version an amended report cancels and replaces, when it was validated and why', async () => {
    const replaces = { validatedAt: '2024-05-14T17:02', reason: 'Glycémie ressaisie : erreur de tube' };
    const text = pdfText(await renderReport({ ...report, version: 2, replaces }, { compress: false }));
    const joined = text.replace(/\s+/g, ' ');
    expect(joined).toContain(
      'Ce compte rendu annule et remplace celui du 14/05/2024 à 17:02 (motif : Glycémie ressaisie : erreur de tube).',
    );
    // Before the first result: whoever holds the earlier version reads it first.
    expect(joined.indexOf('annule et remplace')).toBeLessThan(joined.indexOf('Biochimie'));
    expect(pdfText(await renderReport(report, { compress: false }))).not.toContain('annule et remplace');
  });

  it('numbers each report of a print batch on its own pages', async () => {
    const records = ['D2024-000201', 'D2024-000202', 'D2024-000203'];
    const pdf = await renderReportBatch(
      records.map((recordId) => ({ ...report, recordId })),
      { compress: false },
    );
    const footersOf = readPdfPages(pdf).map((page) => page.lines.at(-1) ?? '');
    for (const recordId of records) {
      const own = footersOf.filter((line) => line.startsWith(`Dossier ${recordId} `));
      expect(own.length).toBeGreaterThan(0);
      own.forEach((line, index) => {
        expect(line).toMatch(new RegExp(`Page ${index + 1} / ${own.length}$`));
      });
    }
    expect(footersOf).toHaveLength(
      records.reduce((sum, id) => sum + footersOf.filter((l) => l.includes(id)).length, 0),
    );
  });
});
