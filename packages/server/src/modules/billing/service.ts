import type { DocumentAnswer } from '@sil/contract';
import { RECORD_STATUS } from '@sil/contract';
import type { AddBValueBody, BillingListAnswer, BillingListQuery } from '@sil/contract/billing';
import { BILL_STATES, type BillingDetails, type BValueRow } from '@sil/contract/billing';
import { BILLING_RULE_TEXTS, pdfFileName, renderFeeSheet, renderQuote } from '@sil/documents';
import { asc, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/open.js';
import { billingBValues, billingSettings, recordBills } from '../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';
import { lockedRecord } from '../records/index.js';
import {
  documentPatient,
  documentPrescriber,
  loadRecordContext,
  type RecordContext,
} from '../reports/index.js';
import { computeBill } from './compute.js';
import {
  actsOf,
  BILLING_LIST_LIMIT,
  billingList,
  billOf,
  bValueOn,
  type Territory,
  territoryOf,
} from './queries.js';

/** A record is billed once validated: its report is out (spec.md §4, status 4 and on). */
const BILLABLE_FROM = RECORD_STATUS.pendingSubmission;

const parisDate = (stamp: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date(stamp));
const isoOrNull = (stamp: string | null | undefined) => (stamp ? toIso(stamp) : null);

/** The patient's insurance covers the date when one is recorded and its rights run on that date. */
function insuredOn(patient: RecordContext['patient'], date: string): boolean {
  const recorded = Boolean(
    patient.patient_insurance || patient.patient_insurance_code1 || patient.patient_insurance_code2,
  );
  const from = patient.patient_insurance_from;
  const to = patient.patient_insurance_to;
  return recorded && (!from || from <= date) && (!to || to >= date);
}

/** The bill of a record as its data reads now: B value, acts, national rules, totals. */
async function billOfContext(q: Queryable, ctx: RecordContext) {
  const laboratoryId = ctx.record.laboratory_id;
  const date = ctx.record.record_prescription_date ?? parisDate(ctx.record.record_created);
  const territory = await territoryOf(q, laboratoryId);
  const bValueCents =
    (await bValueOn(q, laboratoryId, territory, date)) ?? fail('bValueMissing', { territory, date });
  // The analyses in the order the record lists them.
  const order = ctx.record.record_selected_analyses.flatMap((group) => group.analysis_ids);
  const analyses = [...ctx.analyses].sort(
    (a, b) => order.indexOf(a.analysis_id) - order.indexOf(b.analysis_id),
  );
  const acts = await actsOf(q, laboratoryId, [...new Set(analyses.flatMap((a) => a.analysis_nabm_codes))]);
  const insured = insuredOn(ctx.patient, date);
  const bill = computeBill({ date, bValueCents, insured, analyses, acts });
  return { date, territory, bValueCents, insured, bill };
}

type Computed = Awaited<ReturnType<typeof billOfContext>>;

function documentBase(ctx: RecordContext, computed: Computed) {
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

const actLine = (line: Computed['bill']['acts'][number]) => ({
  code: line.nabm_code,
  wording: line.nabm_wording ?? undefined,
  analysis: line.analysis_name,
  coefficient: line.nabm_coef_b,
  amountCents: line.amount_cents,
});

function excludedReason(line: Computed['bill']['acts'][number]): string {
  const text = BILLING_RULE_TEXTS[line.rule ?? ''] ?? '';
  if (line.rule === 'incompatibleActs' && line.rule_with) return `${text} (${line.rule_with})`;
  if (line.rule_limit !== null) return `${text} (${line.rule_limit})`;
  return text;
}

export function createBillingService(db: Db) {
  return {
    async details(auth: Authenticated, recordId: string): Promise<BillingDetails> {
      const ctx = await loadRecordContext(db, auth, recordId);
      const computed = await billOfContext(db, ctx);
      const stored = await billOf(db, recordId);
      return {
        record_id: ctx.record.record_id,
        record_number: ctx.record.record_number,
        billing_date: computed.date,
        territory: computed.territory,
        b_value_cents: computed.bValueCents,
        insured: computed.insured,
        acts: computed.bill.acts,
        costs: computed.bill.costs,
        total_cents: computed.bill.total_cents,
        total_quote_cents: computed.bill.total_quote_cents,
        to_pay_cents: computed.bill.to_pay_cents,
        rules_applied: computed.bill.rules_applied,
        bill_state: stored ? (stored.bill.bill_state === 'paid' ? 'paid' : 'billed') : 'toBill',
        bill_billed_at: isoOrNull(stored?.bill.bill_billed_at),
        bill_billed_by_name: stored?.billed_by_name ?? null,
        bill_paid_at: isoOrNull(stored?.bill.bill_paid_at),
        bill_paid_by_name: stored?.paid_by_name ?? null,
      };
    },

    /** The fee sheet ('FEUILLE D'HONORAIRES'): the refundable acts billed; nothing when there is none. */
    async cerfa(auth: Authenticated, recordId: string): Promise<DocumentAnswer> {
      const ctx = await loadRecordContext(db, auth, recordId);
      const computed = await billOfContext(db, ctx);
      const billed = computed.bill.acts.filter((line) => line.billed && line.nabm_refund);
      if (billed.length === 0) return { skip: true };
      const pdf = await renderFeeSheet({
        ...documentBase(ctx, computed),
        acts: billed.map(actLine),
        excluded: computed.bill.acts
          .filter((line) => !line.billed)
          .map((line) => ({
            code: line.nabm_code,
            analysis: line.analysis_name,
            reason: excludedReason(line),
          })),
        totalCents: computed.bill.total_cents,
        toPayCents: computed.insured ? 0 : computed.bill.total_cents,
      });
      const { record_number } = ctx.record;
      return {
        filename: pdfFileName(record_number, ctx.patient.patient_surname, ctx.patient.patient_name, 'cerfa'),
        pdf_base64: pdf.toString('base64'),
      };
    },

    /** The quote ('DEVIS') of non-refundable acts and custom costs; nothing when there is none. */
    async quote(auth: Authenticated, recordId: string): Promise<DocumentAnswer> {
      const ctx = await loadRecordContext(db, auth, recordId);
      const computed = await billOfContext(db, ctx);
      const acts = computed.bill.acts.filter((line) => line.billed && !line.nabm_refund);
      if (acts.length === 0 && computed.bill.costs.length === 0) return { skip: true };
      const pdf = await renderQuote({
        ...documentBase(ctx, computed),
        acts: acts.map(actLine),
        costs: computed.bill.costs.map((cost) => ({
          label: cost.analysis_name,
          amountCents: cost.amount_cents,
        })),
        totalCents: computed.bill.total_quote_cents,
        toPayCents: computed.bill.total_quote_cents,
      });
      const { record_number } = ctx.record;
      return {
        filename: pdfFileName(record_number, ctx.patient.patient_surname, ctx.patient.patient_name, 'quote'),
        pdf_base64: pdf.toString('base64'),
      };
    },

    /** Validated records by billing state; a clinic billing user reaches only its clinic's. */
    async list(
      auth: Authenticated,
      query: z.output<typeof BillingListQuery>,
    ): Promise<z.output<typeof BillingListAnswer>> {
      const { rights } = auth;
      let clinicId = query.clinic_id;
      if (rights.user_type === 'external') {
        const own = rights.clinic_id ?? fail('clinicUserOverreached');
        if (clinicId && clinicId !== own) fail('clinicUserOverreached');
        clinicId = own;
      }
      const rows = await billingList(db, auth.user.laboratory_id, query.bill_state, clinicId, BILLABLE_FROM);
      const shown = rows.slice(0, BILLING_LIST_LIMIT);
      return {
        data: shown.map((row) => ({
          ...row,
          record_validated_at: isoOrNull(row.record_validated_at),
          bill_state: BILL_STATES.includes(row.bill_state as never)
            ? (row.bill_state as 'billed' | 'paid')
            : 'toBill',
          bill_billed_at: isoOrNull(row.bill_billed_at),
          bill_paid_at: isoOrNull(row.bill_paid_at),
        })),
        number_of_rows: shown.length,
        number_of_rows_capped: rows.length > BILLING_LIST_LIMIT,
      };
    },

    /** Marks a validated record billed, keeping the amounts of that moment (laboratory staff only). */
    markBilled(auth: Authenticated, recordId: string) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const record = await lockedRecord(tx, auth.user.laboratory_id, recordId);
        if (!record) return fail('recordNotFound');
        if (record.record_status < BILLABLE_FROM || record.record_annulr_flag) fail('recordNotBillable');
        if (await billOf(tx, recordId)) fail('billAlreadyRecorded');
        const computed = await billOfContext(tx, await loadRecordContext(tx, auth, recordId));
        await tx.insert(recordBills).values({
          bill_record: recordId,
          laboratory_id: auth.user.laboratory_id,
          bill_state: 'billed',
          bill_total_cents: computed.bill.total_cents,
          bill_quote_cents: computed.bill.total_quote_cents,
          bill_to_pay_cents: computed.bill.to_pay_cents,
          bill_billed_by: auth.user.admin_uid,
        });
        return { record_id: recordId, bill_state: 'billed' as const };
      });
    },

    markPaid(auth: Authenticated, recordId: string) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const record = await lockedRecord(tx, auth.user.laboratory_id, recordId);
        if (!record) return fail('recordNotFound');
        const stored = await billOf(tx, recordId);
        if (!stored) return fail('billNotBilled');
        if (stored.bill.bill_state === 'paid') fail('billAlreadyRecorded');
        await tx
          .update(recordBills)
          .set({
            bill_state: 'paid',
            bill_paid_by: auth.user.admin_uid,
            bill_paid_at: new Date().toISOString(),
          })
          .where(eq(recordBills.bill_record, recordId));
        return { record_id: recordId, bill_state: 'paid' as const };
      });
    },

    async bValues(auth: Authenticated) {
      const laboratoryId = auth.user.laboratory_id;
      const rows = await db
        .select()
        .from(billingBValues)
        .where(or(eq(billingBValues.laboratory_id, laboratoryId), isNull(billingBValues.laboratory_id)))
        .orderBy(asc(billingBValues.b_territory), asc(billingBValues.b_valid_from));
      return { territory: await territoryOf(db, laboratoryId), values: rows.map(presentBValue) };
    },

    addBValue(auth: Authenticated, body: z.output<typeof AddBValueBody>) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const [row] = await tx
          .insert(billingBValues)
          .values({
            laboratory_id: auth.user.laboratory_id,
            b_territory: body.b_territory,
            b_valid_from: body.b_valid_from,
            b_valid_to: body.b_valid_to ?? null,
            b_value_cents: body.b_value_cents,
          })
          .returning();
        return presentBValue(row ?? fail('unexpectedError'));
      });
    },

    updateTerritory(auth: Authenticated, territory: Territory) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        await tx
          .insert(billingSettings)
          .values({ laboratory_id: auth.user.laboratory_id, billing_territory: territory })
          .onConflictDoUpdate({
            target: billingSettings.laboratory_id,
            set: { billing_territory: territory },
          });
        return { territory };
      });
    },
  };
}

function presentBValue(row: typeof billingBValues.$inferSelect): BValueRow {
  return {
    b_value_id: row.b_value_id,
    b_own: row.laboratory_id !== null,
    b_territory: row.b_territory === 'overseas' ? 'overseas' : 'metropolitan',
    b_valid_from: row.b_valid_from,
    b_valid_to: row.b_valid_to,
    b_value_cents: row.b_value_cents,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
