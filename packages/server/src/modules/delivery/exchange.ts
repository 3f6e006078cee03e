import { ExchangeDestination, type ExchangeTarget } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import { laboratories } from '../../db/schema/laboratories.js';
import type { RecordRow } from '../records/index.js';

/**
 * The 'exchange' channel (issue 16): when the laboratory configured a destination (settings key
 * `exchange`: a format, and an HTTP URL or nothing for the file drop), each validated record gets a
 * send of its structured results there, a row like e-mail and fax, sent by the same jobs.
 */

/** Recipient written on the row: the URL that receives the POST, or 'drop' for the file drop. */
export const DROP_RECIPIENT = 'drop';

/**
 * Where a record's results go: its prescriber's own destination when the laboratory gave one, else
 * the laboratory's; undefined when neither is configured (or the setting is invalid).
 */
export async function exchangeDestination(
  q: Queryable,
  record: Pick<RecordRow, 'laboratory_id' | 'record_prescriber'>,
): Promise<ExchangeTarget | undefined> {
  const [row] = await q
    .select({ settings: laboratories.laboratory_settings })
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, record.laboratory_id));
  const parsed = ExchangeDestination.safeParse(row?.settings.exchange);
  if (!parsed.success) return undefined;
  const own = record.record_prescriber ? parsed.data.prescribers?.[record.record_prescriber] : undefined;
  if (own) return own;
  const { format, url } = parsed.data;
  return format ? { format, url } : undefined;
}

export async function exchangeRecipient(
  q: Queryable,
  record: Pick<RecordRow, 'laboratory_id' | 'record_prescriber'>,
): Promise<string | null> {
  const destination = await exchangeDestination(q, record);
  return destination ? (destination.url ?? DROP_RECIPIENT) : null;
}

/** At validation, beside the report channels: the exchange send, due now, when one is configured. */
export async function openExchange(tx: Tx, record: RecordRow): Promise<void> {
  const recipient = await exchangeRecipient(tx, record);
  if (recipient === null) return;
  await tx
    .insert(recordDeliveries)
    .values({
      laboratory_id: record.laboratory_id,
      delivery_record: record.record_id,
      delivery_channel: 'exchange',
      delivery_recipient: recipient,
      delivery_state: 'sending',
      delivery_next_attempt_at: new Date().toISOString(),
    })
    // Validated again after an invalidation: the send goes out again, done or not (the amended
    // results replace what was sent, decision 0023), with the results as they now are, to the
    // destination as configured now.
    .onConflictDoUpdate({
      target: [recordDeliveries.delivery_record, recordDeliveries.delivery_channel],
      set: {
        delivery_recipient: recipient,
        delivery_state: 'sending',
        delivery_attempts: 0,
        delivery_next_attempt_at: new Date().toISOString(),
        delivery_last_error: null,
        delivery_done_by: null,
        delivery_done_at: null,
      },
    });
}

/** Sends a record's structured results to a recipient ('drop' or a URL); wired by the app. */
export type ExchangeSender = (q: Queryable, recordId: string, recipient: string) => Promise<void>;
