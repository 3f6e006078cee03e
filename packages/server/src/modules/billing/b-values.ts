import type { BValueRow } from '@sil/contract/billing';
import type { Db } from '../../db/open.js';
import type { billingBValues } from '../../db/schema/billing.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { bValueRows, territoryOf } from './queries.js';

export function presentBValue(row: typeof billingBValues.$inferSelect): BValueRow {
  return {
    b_value_id: row.b_value_id,
    b_own: row.laboratory_id !== null,
    b_territory: row.b_territory === 'overseas' ? 'overseas' : 'metropolitan',
    b_valid_from: row.b_valid_from,
    b_valid_to: row.b_valid_to,
    b_value_cents: row.b_value_cents,
  };
}

/** The laboratory's territory and the B values it reads (its own and the national ones). */
export async function bValues(db: Db, auth: Authenticated) {
  const laboratoryId = auth.user.laboratory_id;
  const rows = await bValueRows(db, laboratoryId);
  return { territory: await territoryOf(db, laboratoryId), values: rows.map(presentBValue) };
}
