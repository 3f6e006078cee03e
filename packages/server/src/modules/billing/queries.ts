import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/open.js';
import { billingBValues, billingSettings, recordBills } from '../../db/schema/billing.js';
import { clinics } from '../../db/schema/clinics.js';
import { nabms } from '../../db/schema/nabms.js';
import { users } from '../../db/schema/users.js';
import { patients, records } from '../records/tables.js';
import type { BillableAct } from './compute.js';

export type Territory = 'metropolitan' | 'overseas';

export async function territoryOf(q: Queryable, laboratoryId: string): Promise<Territory> {
  const [row] = await q
    .select({ territory: billingSettings.billing_territory })
    .from(billingSettings)
    .where(eq(billingSettings.laboratory_id, laboratoryId));
  return row?.territory === 'overseas' ? 'overseas' : 'metropolitan';
}

/** The B values the laboratory reads: its own and the national ones, by territory and start. */
export function bValueRows(q: Queryable, laboratoryId: string) {
  return q
    .select()
    .from(billingBValues)
    .where(or(eq(billingBValues.laboratory_id, laboratoryId), isNull(billingBValues.laboratory_id)))
    .orderBy(asc(billingBValues.b_territory), asc(billingBValues.b_valid_from));
}

/**
 * The value of B on a date in a territory: the laboratory's own value covering that date, else the
 * national one; the latest start wins when ranges overlap.
 */
export async function bValueOn(
  q: Queryable,
  laboratoryId: string,
  territory: Territory,
  date: string,
): Promise<number | undefined> {
  const covering = and(
    eq(billingBValues.b_territory, territory),
    lte(billingBValues.b_valid_from, date),
    or(isNull(billingBValues.b_valid_to), gte(billingBValues.b_valid_to, date)),
    or(eq(billingBValues.laboratory_id, laboratoryId), isNull(billingBValues.laboratory_id)),
  );
  const [row] = await q
    .select({ cents: billingBValues.b_value_cents })
    .from(billingBValues)
    .where(covering)
    .orderBy(sql`${billingBValues.laboratory_id} IS NULL`, desc(billingBValues.b_valid_from))
    .limit(1);
  return row?.cents;
}

export async function actsOf(
  q: Queryable,
  laboratoryId: string,
  codes: string[],
): Promise<Map<string, BillableAct>> {
  if (codes.length === 0) return new Map();
  const rows = await q
    .select({
      nabm_code: nabms.nabm_code,
      nabm_wording: nabms.nabm_wording,
      nabm_coef_b: nabms.nabm_coef_b,
      nabm_refund: nabms.nabm_refund,
      nabm_creation_date: nabms.nabm_creation_date,
      nabm_end_date: nabms.nabm_end_date,
      nabm_max_num_code: nabms.nabm_max_num_code,
      nabm_spec_rule_num: nabms.nabm_spec_rule_num,
      nabm_spec_rule_max: nabms.nabm_spec_rule_max,
      nabm_incompatible_codes: nabms.nabm_incompatible_codes,
    })
    .from(nabms)
    .where(and(eq(nabms.laboratory_id, laboratoryId), inArray(nabms.nabm_code, codes)));
  return new Map(rows.map((row) => [row.nabm_code, row]));
}

export async function billOf(q: Queryable, recordId: string) {
  const billedBy = alias(users, 'billed_by');
  const paidBy = alias(users, 'paid_by');
  const [row] = await q
    .select({
      bill: recordBills,
      billed_by_name: billedBy.user_name,
      paid_by_name: paidBy.user_name,
    })
    .from(recordBills)
    .leftJoin(billedBy, eq(billedBy.admin_uid, recordBills.bill_billed_by))
    .leftJoin(paidBy, eq(paidBy.admin_uid, recordBills.bill_paid_by))
    .where(eq(recordBills.bill_record, recordId));
  return row;
}

/** Most rows one billing list shows; the oldest first, so nothing waits unseen. */
export const BILLING_LIST_LIMIT = 500;

export async function billingList(
  q: Queryable,
  laboratoryId: string,
  state: 'toBill' | 'billed' | 'paid',
  clinicId: string | undefined,
  validatedFrom: number,
) {
  const billedBy = alias(users, 'billed_by');
  const paidBy = alias(users, 'paid_by');
  const conditions: Array<SQL | undefined> = [
    eq(records.laboratory_id, laboratoryId),
    gte(records.record_status, validatedFrom),
    eq(records.record_annulr_flag, false),
    clinicId ? eq(records.record_owner, clinicId) : undefined,
    state === 'toBill' ? isNull(recordBills.bill_record) : eq(recordBills.bill_state, state),
  ];
  const rows = await q
    .select({
      record_id: records.record_id,
      record_number: records.record_number,
      record_prescription_date: records.record_prescription_date,
      record_validated_at: records.record_validated_at,
      patient_surname: patients.patient_surname,
      patient_name: patients.patient_name,
      clinic_id: records.record_owner,
      clinic_name: clinics.clinic_name,
      bill_state: recordBills.bill_state,
      bill_total_cents: recordBills.bill_total_cents,
      bill_quote_cents: recordBills.bill_quote_cents,
      bill_to_pay_cents: recordBills.bill_to_pay_cents,
      bill_billed_at: recordBills.bill_billed_at,
      bill_billed_by_name: billedBy.user_name,
      bill_paid_at: recordBills.bill_paid_at,
      bill_paid_by_name: paidBy.user_name,
    })
    .from(records)
    .innerJoin(patients, eq(patients.patient_id, records.record_patient))
    .leftJoin(clinics, eq(clinics.clinic_id, records.record_owner))
    .leftJoin(recordBills, eq(recordBills.bill_record, records.record_id))
    .leftJoin(billedBy, eq(billedBy.admin_uid, recordBills.bill_billed_by))
    .leftJoin(paidBy, eq(paidBy.admin_uid, recordBills.bill_paid_by))
    .where(and(...conditions))
    .orderBy(asc(records.record_validated_at), asc(records.record_number))
    .limit(BILLING_LIST_LIMIT + 1);
  return rows;
}
