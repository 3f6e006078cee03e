import { BILLING_RULE_TEXTS, pdfFileName } from '@sil/documents';
import { documentPatient, documentPrescriber, type RecordContext } from '../reports/index.js';
import type { RecordBill } from './bill.js';

type ActLine = RecordBill['bill']['acts'][number];

/** What the fee sheet and the quote both print: laboratory, patient, insurance, prescriber, B value. */
export function documentBase(ctx: RecordContext, computed: RecordBill) {
  const { patient } = ctx;
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);
  return {
    laboratory: { name: ctx.laboratoryName || '—' },
    recordId: ctx.record.record_number,
    patient: documentPatient(ctx),
    insurance: {
      name: text(patient.patient_insurance),
      agreement: text(patient.patient_agreement_type),
      amc: text(patient.patient_insurance_code1),
      teletransmission: text(patient.patient_insurance_code2),
      from: patient.patient_insurance_from ?? undefined,
      to: patient.patient_insurance_to ?? undefined,
    },
    prescriber: documentPrescriber(ctx),
    prescriptionDate: ctx.record.record_prescription_date ?? undefined,
    billingDate: computed.date,
    bValueCents: computed.bValueCents,
  };
}

export const actLine = (line: ActLine) => ({
  code: line.nabm_code,
  wording: line.nabm_wording ?? undefined,
  analysis: line.analysis_name,
  coefficient: line.nabm_coef_b,
  amountCents: line.amount_cents,
});

export function excludedReason(line: ActLine): string {
  const text = BILLING_RULE_TEXTS[line.rule ?? ''] ?? '';
  if (line.rule === 'incompatibleActs' && line.rule_with) return `${text} (${line.rule_with})`;
  if (line.rule_limit !== null) return `${text} (${line.rule_limit})`;
  return text;
}

export const documentFileName = (ctx: RecordContext, kind: 'cerfa' | 'quote') =>
  pdfFileName(ctx.record.record_number, ctx.patient.patient_surname, ctx.patient.patient_name, kind);
