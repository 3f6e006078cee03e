import { RECORD_STATUS } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { FaxSender } from '../../adapters/fax.js';
import type { Mailer } from '../../adapters/mail.js';
import type { Db } from '../../db/open.js';
import { records } from '../records/tables.js';
import type { ClaimedSend } from './claim-sends.js';
import type { DmpSender } from './dmp-channel.js';
import type { ExchangeSender } from './exchange.js';
import type { ReportProvider } from './report.js';
import type { SecureMessagingSender } from './secure-messaging.js';

/** What a report goes out through. */
export interface ReportSenders {
  db: Db;
  mailer: Mailer;
  fax: FaxSender;
  report: ReportProvider;
  /** The structured results of the 'exchange' channel (modules/exchange). */
  exchange: ExchangeSender;
  /** The record's CR-BIO to the patient's DMP (modules/dmp). */
  dmp: DmpSender;
  /** The CR-BIO's IHE XDM package by secure health messaging (modules/exchange). */
  secureMessaging: SecureMessagingSender;
  /** Where the patient opens the report (the e-mail gives the link). */
  publicUrl: string;
}

/** A send no retry can mend (no address to send to): failed at once, for a hand to fix. */
export class PermanentFailure extends Error {}

/**
 * One try of a send, outside any transaction: the structured results to the exchange's
 * destination, or the stored report by fax or by e-mail (with the online report's link). Throws
 * what went wrong; a PermanentFailure when no later try can do better.
 */
export async function sendDelivery(deps: ReportSenders, delivery: ClaimedSend): Promise<void> {
  const { db } = deps;
  // The DMP is the laboratory's service, not an address: its sender checks the record itself.
  if (delivery.delivery_channel === 'dmp') {
    await deps.dmp(db, delivery.delivery_record);
    return;
  }
  if (!delivery.delivery_recipient) throw new PermanentFailure('noRecipient');
  const [record] = await db
    .select({ number: records.record_number, status: records.record_status })
    .from(records)
    .where(eq(records.record_id, delivery.delivery_record));
  // Invalidated since it was queued: nothing leaves before the biologist validates again, which
  // puts the send back in the queue (openDeliveries).
  if (!record || record.status < RECORD_STATUS.pendingSubmission)
    throw new PermanentFailure('recordNotValidated');
  if (delivery.delivery_channel === 'exchange') {
    await deps.exchange(db, delivery.delivery_record, delivery.delivery_recipient);
    return;
  }
  if (delivery.delivery_channel === 'secure_messaging') {
    await deps.secureMessaging(db, delivery.delivery_record, delivery.delivery_recipient);
    return;
  }
  const report = await deps.report(db, delivery.delivery_record);
  if (delivery.delivery_channel === 'fax') {
    await deps.fax.send({ to: delivery.delivery_recipient, filename: report.filename, pdf: report.pdf });
    return;
  }
  await deps.mailer.send({
    to: delivery.delivery_recipient,
    subject: `Vos résultats / Your results — ${record.number}`,
    text: [
      'Bonjour,',
      `Le compte rendu de votre dossier ${record.number} est joint à ce message.`,
      `Vous pouvez aussi le consulter en ligne : ${deps.publicUrl}/online-report (numéro de dossier, mot de passe et date de naissance).`,
      '',
      `Your report is attached; you may also open it at ${deps.publicUrl}/online-report.`,
    ].join('\n'),
    attachments: [{ filename: report.filename, content: report.pdf, contentType: 'application/pdf' }],
  });
}
