import { PRINTED_CHANNELS, type PrintBatch, type PrintedDeliveries, RECORD_STATUS } from '@sil/contract';
import { mergePdfs } from '@sil/documents';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertUnlocked } from '../records/index.js';
import { records } from '../records/tables.js';
import { followDeliveries } from './channels.js';
import { lockedRecord } from './queries.js';
import type { ReportProvider } from './report.js';

/**
 * The chosen channels, in the order given, each checked: of this laboratory, paper or post, not
 * done yet. One rule for the print and for its confirmation.
 */
async function chosenChannels(q: Queryable, laboratoryId: string, ids: readonly string[], lock: boolean) {
  const unique = [...new Set(ids)];
  const query = q
    .select({ delivery: recordDeliveries, record_number: records.record_number })
    .from(recordDeliveries)
    .innerJoin(records, eq(records.record_id, recordDeliveries.delivery_record))
    .where(
      and(eq(recordDeliveries.laboratory_id, laboratoryId), inArray(recordDeliveries.delivery_id, unique)),
    )
    .orderBy(recordDeliveries.delivery_id);
  const rows = lock ? await query.for('update', { of: recordDeliveries }) : await query;
  const byId = new Map(rows.map((row) => [row.delivery.delivery_id, row]));
  return unique.map((id) => {
    const row = byId.get(id) ?? fail('deliveryNotFound', { delivery_id: id });
    if (!PRINTED_CHANNELS.includes(row.delivery.delivery_channel as 'paper'))
      fail('deliveryNotPrintable', { delivery_id: id, delivery_channel: row.delivery.delivery_channel });
    if (row.delivery.delivery_state === 'done') fail('deliveryAlreadyDone', { delivery_id: id });
    return row;
  });
}

/**
 * Print batches for paper and post (issue 15): one PDF of the stored reports of the chosen
 * channels, downloaded; the channels are marked done (who, when) only when the user confirms the
 * batch was printed or posted, so a jammed printer leaves them in the work list.
 */
export function createPrintBatches(db: Db, report: ReportProvider) {
  return {
    async print(auth: Authenticated, ids: readonly string[]): Promise<PrintBatch> {
      const chosen = await chosenChannels(db, auth.user.laboratory_id, ids, false);
      const documents: Uint8Array[] = [];
      for (const row of chosen) documents.push((await report(db, row.delivery.delivery_record)).pdf);
      const { pdf, pages } = await mergePdfs(documents, `Lot de ${chosen.length} comptes rendus`);
      const day = new Date().toISOString().slice(0, 10);
      return {
        filename: `${day} - LOT DE ${chosen.length} COMPTES RENDUS.pdf`,
        pdf_base64: pdf.toString('base64'),
        pages,
        delivery_ids: chosen.map((row) => row.delivery.delivery_id),
      };
    },

    markPrinted: (auth: Authenticated, ids: readonly string[]): Promise<PrintedDeliveries> =>
      writeTransaction(db, actorOf(auth), async (tx) => {
        const laboratoryId = auth.user.laboratory_id;
        const chosen = await chosenChannels(tx, laboratoryId, ids, true);
        const recordIds = [...new Set(chosen.map((row) => row.delivery.delivery_record))].sort();
        for (const recordId of recordIds)
          assertUnlocked((await lockedRecord(tx, laboratoryId, recordId)) ?? fail('deliveryNotFound'));
        const now = new Date().toISOString();
        await tx
          .update(recordDeliveries)
          .set({
            delivery_state: 'done',
            delivery_done_by: auth.user.admin_uid,
            delivery_done_at: now,
            delivery_next_attempt_at: null,
          })
          .where(
            inArray(
              recordDeliveries.delivery_id,
              chosen.map((row) => row.delivery.delivery_id),
            ),
          );
        const sent: string[] = [];
        for (const recordId of recordIds) {
          const followed = await followDeliveries(tx, recordId);
          if (followed.record_status === RECORD_STATUS.sent) sent.push(recordId);
        }
        return { done: chosen.map((row) => row.delivery.delivery_id), sent_records: sent };
      }),
  };
}

export type PrintBatches = ReturnType<typeof createPrintBatches>;
