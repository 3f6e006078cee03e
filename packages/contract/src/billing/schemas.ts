import { z } from 'zod';
import { calendarDate } from '../fields.js';
import { rowId, stamp } from '../rows/stamps.js';

/**
 * Billing (issue 16, spec.md §2 'Billing', §3 Record totals and NABM act). Amounts are integer
 * cents of euros; the value of the key letter B is dated, per laboratory and per territory.
 */
export const TERRITORIES = ['metropolitan', 'overseas'] as const;
export type Territory = (typeof TERRITORIES)[number];

const cents = z.number().int();
const optionalCents = cents.nullable();
const optionalStamp = stamp.nullable();
const name = z.string();
const optionalName = name.nullable();
const territory = z.enum(TERRITORIES);

/**
 * The national rules that take an act off the bill, each named where it applies:
 * - unknownAct: the code is not in the laboratory's NABM table;
 * - actNotValidOnDate: the act was not in force on the prescription date;
 * - maxCountPerAct: the act is billed at most its maximum count per prescription (BIO_MAX_EXE);
 * - incompatibleActs: two acts that may not be billed together; the better-paid one stays;
 * - specialRuleLimit: at most N acts of the same special rule (BIO_SPE_REG / BIO_MAX_REG);
 * - maxActsPerPrescription: at most NABM_MAX_ACTS_PER_PRESCRIPTION refundable acts, the
 *   best-paid ones stay.
 */
export const BILLING_RULES = [
  'unknownAct',
  'actNotValidOnDate',
  'maxCountPerAct',
  'incompatibleActs',
  'specialRuleLimit',
  'maxActsPerPrescription',
] as const;
export type BillingRule = (typeof BILLING_RULES)[number];
const billingRule = z.enum(BILLING_RULES);

/** The national general provisions of the NABM: a prescription bills at most eight acts. */
export const NABM_MAX_ACTS_PER_PRESCRIPTION = 8;

export const BillingActLine = z.object({
  analysis_id: rowId,
  analysis_name: name,
  nabm_code: name,
  nabm_wording: optionalName,
  nabm_coef_b: z.number(),
  /** False: outside the national cover, on the quote. */
  nabm_refund: z.boolean(),
  amount_cents: cents,
  billed: z.boolean(),
  /** Why the act is off the bill; null when billed. */
  rule: billingRule.nullable(),
  /** The code of the other act of an incompatible pair, or the limit that applied. */
  rule_with: optionalName,
  rule_limit: optionalCents,
});
export type BillingActLine = z.output<typeof BillingActLine>;

export const BillingCostLine = z.object({
  analysis_id: rowId,
  analysis_name: name,
  amount_cents: cents,
});

export const BILL_STATES = ['toBill', 'billed', 'paid'] as const;
export type BillState = (typeof BILL_STATES)[number];
const billState = z.enum(BILL_STATES);

export const BillingDetails = z.object({
  record_id: rowId,
  record_number: name,
  /** The date the acts and the B value are taken on: the prescription date, else the record's day. */
  billing_date: calendarDate,
  territory: territory,
  b_value_cents: cents,
  /** Whether the patient's insurance covers the billing date (third-party payment of refundable acts). */
  insured: z.boolean(),
  acts: z.array(BillingActLine),
  costs: z.array(BillingCostLine),
  /** 'Total': refundable acts billed on the fee sheet. */
  total_cents: cents,
  /** 'Total quote': non-refundable acts and custom costs, which the patient pays. */
  total_quote_cents: cents,
  /** 'To pay': what the patient pays: the quote, plus the refundable acts without insurance cover. */
  to_pay_cents: cents,
  /** The rules that changed the bill, once each. */
  rules_applied: z.array(billingRule),
  bill_state: billState,
  bill_billed_at: optionalStamp,
  bill_billed_by_name: optionalName,
  bill_paid_at: optionalStamp,
  bill_paid_by_name: optionalName,
});
export type BillingDetails = z.output<typeof BillingDetails>;

export const BillingListQuery = z.object({
  bill_state: billState.default('toBill'),
  /** Only this clinic's records; a clinic user may only name its own. */
  clinic_id: z.uuid().optional(),
});

export const BillingListRow = z.object({
  record_id: rowId,
  record_number: name,
  record_prescription_date: calendarDate.nullable(),
  record_validated_at: optionalStamp,
  patient_surname: name,
  patient_name: name,
  clinic_id: rowId.nullable(),
  clinic_name: optionalName,
  bill_state: billState,
  bill_total_cents: optionalCents,
  bill_quote_cents: optionalCents,
  bill_to_pay_cents: optionalCents,
  bill_billed_at: optionalStamp,
  bill_billed_by_name: optionalName,
  bill_paid_at: optionalStamp,
  bill_paid_by_name: optionalName,
});
export type BillingListRow = z.output<typeof BillingListRow>;

export const BillingListAnswer = z.object({
  data: z.array(BillingListRow),
  number_of_rows: cents,
  /** True when more rows exist than the list shows (the oldest first). */
  number_of_rows_capped: z.boolean(),
});

export const MarkBillBody = z.object({ record_id: rowId });

export const BValueRow = z.object({
  b_value_id: rowId,
  /** False: the national value every laboratory starts from. */
  b_own: z.boolean(),
  b_territory: territory,
  b_valid_from: calendarDate,
  b_valid_to: calendarDate.nullable(),
  b_value_cents: cents,
});
export type BValueRow = z.output<typeof BValueRow>;

export const BValuesAnswer = z.object({
  territory: territory,
  values: z.array(BValueRow),
});

export const AddBValueBody = z
  .object({
    b_territory: territory,
    b_valid_from: calendarDate,
    b_valid_to: calendarDate.nullable().optional(),
    b_value_cents: z.coerce.number().int().positive().max(100_000),
  })
  .refine((body) => !body.b_valid_to || body.b_valid_to >= body.b_valid_from, {
    path: ['b_valid_to'],
    message: 'date',
  });

export const UpdateBillingTerritoryBody = z.object({ territory: territory });
