import type { BillingDetails } from '@sil/contract/billing';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { loadRecordContext } from '../reports/index.js';
import { billOfRecord, isoOrNull } from './bill.js';
import { billOf } from './queries.js';

/** A record's bill as its data reads now, with the state of the bill stored when it was billed. */
export async function billingDetails(db: Db, auth: Authenticated, recordId: string): Promise<BillingDetails> {
  const ctx = await loadRecordContext(db, auth, recordId);
  const computed = await billOfRecord(db, ctx);
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
}
