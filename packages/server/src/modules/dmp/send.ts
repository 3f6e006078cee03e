import { eq } from 'drizzle-orm';
import { type DmpGateway, DmpUnreachable } from '../../adapters/dmp.js';
import type { Db } from '../../db/open.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../lib/transaction.js';
import type { DmpSender } from '../delivery/index.js';
import { PermanentFailure } from '../delivery/index.js';
import { dmpDocument, exchangeDocument } from '../exchange/index.js';
import { records } from '../records/tables.js';
import { dmpEligibility } from './eligibility.js';
import { dmpRowOf, setDmpState } from './state.js';

/**
 * The 'dmp' sends of the delivery jobs (docs/dmp.md). The rules are checked again as it goes (the
 * patient may have opposed since the validation): a record that may not go is settled 'not_sent'
 * and its send is done. Otherwise the newest version's CR-BIO and metadata go through the gateway:
 * hidden from the patient when one of its analyses is on the laboratory's list (or the biologist
 * said so for this record), replacing (RPLC) the version the DMP already holds. Accepted: 'sent';
 * refused: 'refused' with the DMP's reason, a failure no retry mends; unreachable: thrown, tried
 * again with the delivery's retries.
 */
export function dmpSender(gateway: DmpGateway): DmpSender {
  const write = (db: Db, work: Parameters<typeof writeTransaction>[2]) =>
    writeTransaction(db, SYSTEM_ACTOR, work);
  return async (db, recordId) => {
    const [record] = await db.select().from(records).where(eq(records.record_id, recordId));
    if (!record) throw new PermanentFailure('recordNotFound');
    const reason = await dmpEligibility(db, record);
    if (reason) {
      await write(db, (tx) => setDmpState(tx, record, 'not_sent', { dmp_reason: reason }));
      return;
    }
    const held = await dmpRowOf(db, recordId);
    const doc = await exchangeDocument(db, record);
    const invisible = held?.dmp_invisible_override ?? doc.analyses.some((analysis) => analysis.dmpInvisible);
    const document = dmpDocument(doc, {
      invisibleToPatient: invisible,
      replacesEntryUuid: held?.dmp_entry_uuid ?? undefined,
    });
    // This very version was accepted already (the answer came, the settling did not): nothing to do.
    if (held?.dmp_state === 'sent' && held.dmp_document_id === document.uniqueId) return;
    let answer: Awaited<ReturnType<DmpGateway['submit']>>;
    try {
      answer = await gateway.submit({
        metadata: document.metadata,
        documentEntryId: `urn:uuid:${document.entryUuid}`,
        document: Buffer.from(document.cda, 'utf8'),
      });
    } catch (error) {
      const message = error instanceof DmpUnreachable ? error.message : 'DMP not reached';
      await write(db, (tx) => setDmpState(tx, record, 'sending', { dmp_reason: message.slice(0, 300) }));
      throw error;
    }
    if (answer.status === 'refused') {
      const refusal = `${answer.code}: ${answer.reason}`.slice(0, 500);
      await write(db, (tx) =>
        setDmpState(tx, record, 'refused', { dmp_reason: refusal, dmp_invisible: invisible }),
      );
      throw new PermanentFailure(`dmpRefused ${answer.code}`);
    }
    await write(db, (tx) =>
      setDmpState(tx, record, 'sent', {
        dmp_reason: null,
        dmp_invisible: invisible,
        dmp_document_id: document.uniqueId,
        dmp_entry_uuid: document.entryUuid,
        dmp_replaced_document_id: held?.dmp_entry_uuid ? held.dmp_document_id : null,
        dmp_sent_at: new Date().toISOString(),
      }),
    );
  };
}
