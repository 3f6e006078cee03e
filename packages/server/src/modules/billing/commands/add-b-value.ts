import type { AddBValueBody } from '@sil/contract/billing';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { billingBValues } from '../../../db/schema/billing.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { presentBValue } from '../b-values.js';

/** A B value of the laboratory's own, over a period, in a territory. */
export function addBValue(db: Db, auth: Authenticated, body: z.output<typeof AddBValueBody>) {
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
}
