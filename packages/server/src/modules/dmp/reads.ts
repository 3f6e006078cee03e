import type { RecordDmp } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { toIso } from '../../lib/time.js';
import { recordDeliveries } from '../delivery/tables.js';
import { visibleRecord } from '../records/index.js';
import { dmpRowOf } from './state.js';

/**
 * A record's DMP feed as the record's delivery card shows it: the state, with 'failed' when the
 * delivery gave up reaching the DMP after its retries (its row waits for a hand), and the tries.
 */
export async function recordDmp(q: Queryable, auth: Authenticated, recordId: string): Promise<RecordDmp> {
  const record = await visibleRecord(q, auth, recordId);
  const row = await dmpRowOf(q, record.record_id);
  const [send] = await q
    .select({
      state: recordDeliveries.delivery_state,
      attempts: recordDeliveries.delivery_attempts,
      error: recordDeliveries.delivery_last_error,
    })
    .from(recordDeliveries)
    .where(
      and(
        eq(recordDeliveries.delivery_record, record.record_id),
        eq(recordDeliveries.delivery_channel, 'dmp'),
      ),
    );
  const gaveUp = row?.dmp_state === 'sending' && send?.state === 'failed';
  return {
    record_id: record.record_id,
    dmp_state: gaveUp ? 'failed' : ((row?.dmp_state as RecordDmp['dmp_state'] | undefined) ?? 'none'),
    dmp_reason: gaveUp ? (row?.dmp_reason ?? send?.error ?? null) : (row?.dmp_reason ?? null),
    dmp_invisible_to_patient: row?.dmp_invisible ?? false,
    dmp_invisible_override: row?.dmp_invisible_override ?? null,
    dmp_document_id: row?.dmp_document_id ?? null,
    dmp_replaced_document_id: row?.dmp_replaced_document_id ?? null,
    dmp_sent_at: row?.dmp_sent_at ? toIso(row.dmp_sent_at) : null,
    dmp_attempts: send?.attempts ?? 0,
  };
}
