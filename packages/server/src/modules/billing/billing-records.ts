import type { BillingListAnswer, BillingListQuery } from '@sil/contract/billing';
import { BILL_STATES } from '@sil/contract/billing';
import type { z } from 'zod';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { BILLABLE_FROM, isoOrNull } from './bill.js';
import { BILLING_LIST_LIMIT, billingList } from './queries.js';

/** Validated records by billing state; a clinic billing user reaches only its clinic's. */
export async function billingRecords(
  db: Db,
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
}
