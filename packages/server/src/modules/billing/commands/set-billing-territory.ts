import type { Db } from '../../../db/open.js';
import { billingSettings } from '../../../db/schema/billing.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { writeTransaction } from '../../../lib/transaction.js';
import type { Territory } from '../queries.js';

/** The territory whose B values bill the laboratory's records (metropolitan or overseas). */
export function setBillingTerritory(db: Db, auth: Authenticated, territory: Territory) {
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
}
