import { describe, expect, it } from 'vitest';
import { euros, renderFeeSheet, renderQuote } from './billing.js';
import type { BillingDocumentInput } from './schemas.js';
import { pdfText } from './testing/pdf-content.js';

const sheet: BillingDocumentInput = {
  laboratory: { name: 'Laboratoire Saint-Éloi' },
  recordId: 'D2026-000042',
  patient: { surname: 'Dupont', firstName: 'Élodie', dob: '1980-02-01', sex: 'F' },
  insurance: {
    name: 'CPAM Rhône',
    agreement: 'Tiers payant',
    amc: '75500017',
    teletransmission: '01',
    from: '2026-01-01',
    to: '2026-12-31',
  },
  prescriber: { name: 'Dr Hélène Garçon', rpps: '10101010101' },
  prescriptionDate: '2026-11-20',
  billingDate: '2026-11-20',
  bValueCents: 27,
  acts: [{ code: '1104', wording: 'HEMOGRAMME', analysis: 'NFS', coefficient: 26, amountCents: 702 }],
  excluded: [{ code: '1207', analysis: 'T4 libre', reason: 'Acte incompatible avec 1209' }],
  costs: [],
  totalCents: 702,
  toPayCents: 0,
};

describe('billing documents', () => {
  it('writes euros from cents the French way', () => {
    expect(euros(0)).toBe('0,00 €');
    expect(euros(702)).toBe('7,02 €');
    expect(euros(123456)).toBe('1\u00a0234,56 €');
  });

  it('prints the fee sheet with insurance, prescriber RPPS, acts and totals', async () => {
    const text = pdfText(await renderFeeSheet(sheet, { compress: false }));
    for (const expected of [
      "FEUILLE D'HONORAIRES",
      'DUPONT',
      'CPAM Rhône',
      'Tiers payant',
      '75500017',
      'Code télétransmission',
      '10101010101',
      '20/11/2026',
      '1104',
      'B 26',
      '7,02 €',
      'Valeur de la lettre clé B : 0,27 €',
      'Total : 7,02 €',
      'Montant à régler : 0,00 €',
      'Acte incompatible avec 1209',
    ])
      expect(text).toContain(expected);
  });

  it('prints the quote of non-refundable analyses and custom costs', async () => {
    const text = pdfText(
      await renderQuote(
        {
          ...sheet,
          acts: [
            { code: 'N001', analysis: 'Vitamine D (hors nomenclature)', coefficient: 40, amountCents: 1080 },
          ],
          excluded: [],
          costs: [{ label: 'Vitamine D (hors nomenclature)', amountCents: 1500 }],
          totalCents: 2580,
          toPayCents: 2580,
        },
        { compress: false },
      ),
    );
    for (const expected of [
      'DEVIS',
      'Analyses non remboursables',
      '10,80 €',
      '15,00 €',
      'Total devis : 25,80 €',
    ])
      expect(text).toContain(expected);
  });
});
