import type { DeliveryWorklistQuery } from '@sil/contract';
import type { z } from 'zod';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { visibleRecord } from '../records/index.js';
import { deliveriesOf, deliveryWorklist } from './queries.js';

/** The channels of a record the caller may see, with its phone calls. */
export async function recordDeliveries(db: Db, auth: Authenticated, recordId: string) {
  const record = await visibleRecord(db, auth, recordId);
  return deliveriesOf(db, record);
}

/** The laboratory's channels of one kind still open, or failed. */
export const deliveryWorklistOf = (
  db: Db,
  auth: Authenticated,
  query: z.output<typeof DeliveryWorklistQuery>,
) => deliveryWorklist(db, auth.user.laboratory_id, query.channel, query.state);
