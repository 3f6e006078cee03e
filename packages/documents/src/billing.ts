import type { z } from 'zod';
import {
  addA4Page,
  CONTENT_WIDTH,
  drawHeader,
  ensureSpace,
  fieldRows,
  footers,
  PAGE_MARGIN,
  patientRows,
  sectionTitle,
} from './a4-blocks.js';
import { frenchDate } from './format.js';
import { A4, type Pdf, type RenderOptions, renderPdf } from './pdf.js';
import { type BillingDocumentInput, billingDocumentInputSchema } from './schemas.js';

type BillingDocument = z.output<typeof billingDocumentInputSchema>;

export const FEE_SHEET_TITLE = "FEUILLE D'HONORAIRES";
export const QUOTE_TITLE = 'DEVIS';

/** Cents as French readers write euros: 1 234,56 €. */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${whole},${String(Math.abs(cents) % 100).padStart(2, '0')} €`;
}

/** The NABM rules that take an act off a bill, as the fee sheet names them. */
export const BILLING_RULE_TEXTS: Record<string, string> = {
  unknownAct: 'Acte absent de la table NABM du laboratoire',
  actNotValidOnDate: 'Acte non en vigueur à la date de prescription',
  maxCountPerAct: 'Nombre maximal de cet acte par prescription atteint',
  incompatibleActs: 'Acte incompatible avec un acte mieux coté de la prescription',
  specialRuleLimit: "Limite d'actes de la même règle spéciale atteinte",
  maxActsPerPrescription: "Nombre maximal d'actes par prescription atteint",
};

const COLUMNS = { code: 0, wording: 48, coefficient: CONTENT_WIDTH - 140, amount: CONTENT_WIDTH - 70 };

function tableRow(doc: Pdf, cells: [string, string, string, string], bold = false): void {
  ensureSpace(doc, 14);
  const y = doc.y;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(9)
    .fillColor('black');
  doc.text(cells[0], PAGE_MARGIN + COLUMNS.code, y, { width: 45, lineBreak: false });
  doc.text(cells[1], PAGE_MARGIN + COLUMNS.wording, y, { width: COLUMNS.coefficient - COLUMNS.wording - 6 });
  const after = doc.y;
  doc.text(cells[2], PAGE_MARGIN + COLUMNS.coefficient, y, { width: 60, align: 'right', lineBreak: false });
  doc.text(cells[3], PAGE_MARGIN + COLUMNS.amount, y, { width: 70, align: 'right', lineBreak: false });
  doc.y = Math.max(after, y + 12) + 2;
}

function totalLine(doc: Pdf, label: string, cents: number): void {
  ensureSpace(doc, 16);
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor('black');
  doc.text(`${label} : ${euros(cents)}`, PAGE_MARGIN, y, { width: CONTENT_WIDTH, align: 'right' });
  doc.y = y + 16;
}

function rule(doc: Pdf): void {
  doc
    .moveTo(PAGE_MARGIN, doc.y)
    .lineTo(A4[0] - PAGE_MARGIN, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.y += 4;
}

function heading(doc: Pdf, input: BillingDocument, title: string): void {
  addA4Page(doc);
  drawHeader(doc, input.laboratory, title, input.recordId);
  sectionTitle(doc, 'Patient');
  fieldRows(doc, patientRows(input.patient));
}

function prescription(doc: Pdf, input: BillingDocument): void {
  sectionTitle(doc, 'Prescription');
  fieldRows(doc, [
    ['Prescripteur', input.prescriber?.name],
    ['RPPS', input.prescriber?.rpps],
    ['Date de prescription', input.prescriptionDate ? frenchDate(input.prescriptionDate) : undefined],
    ['Date de facturation', frenchDate(input.billingDate)],
  ]);
}

/**
 * The fee sheet of a record (report service GET /get-cerfa): the patient and their insurance
 * (AMC, agreement type, teletransmission code), the prescriber and their RPPS, the refundable
 * NABM acts billed with their coefficient and amount at the B value of the prescription date,
 * the acts the national rules took off the bill and why, then the total.
 */
export function renderFeeSheet(input: BillingDocumentInput, options: RenderOptions = {}): Promise<Buffer> {
  const sheet = billingDocumentInputSchema.parse(input);
  return renderPdf(`${sheet.recordId} - ${FEE_SHEET_TITLE}`, options, (doc) => {
    heading(doc, sheet, FEE_SHEET_TITLE);
    sectionTitle(doc, 'Assurance maladie');
    const { insurance } = sheet;
    fieldRows(doc, [
      ['Organisme', insurance.name],
      ['Type de convention', insurance.agreement],
      ['Code AMC', insurance.amc],
      ['Code télétransmission', insurance.teletransmission],
      ['Droits du', insurance.from ? frenchDate(insurance.from) : undefined],
      ['Droits au', insurance.to ? frenchDate(insurance.to) : undefined],
    ]);
    if (!insurance.name && !insurance.amc && !insurance.teletransmission) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor('black')
        .text('Aucune assurance renseignée', PAGE_MARGIN, doc.y);
    }
    prescription(doc, sheet);

    sectionTitle(doc, 'Actes de biologie (NABM)');
    tableRow(doc, ['Code', 'Libellé', 'Coef. B', 'Montant'], true);
    rule(doc);
    for (const act of sheet.acts)
      tableRow(doc, [
        act.code,
        act.wording ? `${act.analysis} — ${act.wording}` : act.analysis,
        `B ${act.coefficient.toLocaleString('fr-FR')}`,
        euros(act.amountCents),
      ]);
    if (sheet.acts.length === 0)
      doc.font('Helvetica').fontSize(9).text('Aucun acte remboursable', PAGE_MARGIN, doc.y);
    rule(doc);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('black')
      .text(`Valeur de la lettre clé B : ${euros(sheet.bValueCents)}`, PAGE_MARGIN, doc.y, {
        width: CONTENT_WIDTH,
      });
    doc.y += 4;
    totalLine(doc, 'Total', sheet.totalCents);
    totalLine(doc, 'Montant à régler', sheet.toPayCents);

    if (sheet.excluded.length > 0) {
      sectionTitle(doc, 'Actes non facturés (règles de la NABM)');
      for (const act of sheet.excluded) tableRow(doc, [act.code, `${act.analysis} — ${act.reason}`, '', '']);
    }
    footers(doc, sheet.recordId, sheet.patient);
  });
}

/** The quote of a record's analyses outside the national cover: non-refundable acts and custom costs. */
export function renderQuote(input: BillingDocumentInput, options: RenderOptions = {}): Promise<Buffer> {
  const quote = billingDocumentInputSchema.parse(input);
  return renderPdf(`${quote.recordId} - ${QUOTE_TITLE}`, options, (doc) => {
    heading(doc, quote, QUOTE_TITLE);
    prescription(doc, quote);
    sectionTitle(doc, 'Analyses non remboursables');
    tableRow(doc, ['Code', 'Libellé', 'Coef. B', 'Montant'], true);
    rule(doc);
    for (const act of quote.acts)
      tableRow(doc, [
        act.code,
        act.wording ? `${act.analysis} — ${act.wording}` : act.analysis,
        `B ${act.coefficient.toLocaleString('fr-FR')}`,
        euros(act.amountCents),
      ]);
    for (const cost of quote.costs)
      tableRow(doc, ['', `${cost.label} — coût complémentaire`, '', euros(cost.amountCents)]);
    rule(doc);
    totalLine(doc, 'Total devis', quote.totalCents);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('black')
      .text(
        "Ces analyses ne sont pas prises en charge par l'assurance maladie : leur montant reste à la charge du patient.",
        PAGE_MARGIN,
        doc.y,
        { width: CONTENT_WIDTH },
      );
    footers(doc, quote.recordId, quote.patient);
  });
}
