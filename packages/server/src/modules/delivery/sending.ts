import { RECORD_STATUS } from '@sil/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FaxSender } from '../../adapters/fax.js';
import type { Mailer } from '../../adapters/mail.js';
import type { Db } from '../../db/open.js';
import { recordDeliveries, records } from '../../db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../lib/transaction.js';
import { followDeliveries } from './channels.js';
import { dueSends } from './queries.js';
import type { ReportProvider } from './report.js';

export interface SendingDeps {
  db: Db;
  mailer: Mailer;
  fax: FaxSender;
  report: ReportProvider;
  /** Where the patient opens the report (the e-mail gives the link). */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Tries of one send before it waits for a hand: 30 s, 1 min, 2 min, 4 min apart. */
export const MAX_ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 30_000;
/** How long a claimed send is left to its runner; past it another runner takes it up (a crash). */
const LEASE_MS = 5 * 60_000;

export const backoffMs = (attempts: number) => FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);

type Delivery = typeof recordDeliveries.$inferSelect;

/**
 * The sending jobs of e-mail and fax (decision 0016): each send is its row in record_deliveries,
 * claimed under a lease (FOR UPDATE SKIP LOCKED, so server copies share the work), sent outside
 * any transaction, then marked done or given its next try with a doubling wait; after
 * MAX_ATTEMPTS it is 'failed', listed, and waits to be retried by hand. Nothing is lost: a runner
 * that dies mid-send leaves a lease that expires.
 */
export function createSending(deps: SendingDeps) {
  const { db } = deps;

  async function claim(limit: number): Promise<Delivery[]> {
    return writeTransaction(db, SYSTEM_ACTOR, async (tx) => {
      const due = await dueSends(tx, limit);
      const until = new Date(Date.now() + LEASE_MS).toISOString();
      for (const delivery of due)
        await tx
          .update(recordDeliveries)
          .set({
            delivery_attempts: sql`${recordDeliveries.delivery_attempts} + 1`,
            delivery_next_attempt_at: until,
          })
          .where(eq(recordDeliveries.delivery_id, delivery.delivery_id));
      return due.map((delivery) => ({ ...delivery, delivery_attempts: delivery.delivery_attempts + 1 }));
    });
  }

  async function send(delivery: Delivery): Promise<void> {
    if (!delivery.delivery_recipient) throw new PermanentFailure('noRecipient');
    const [record] = await db
      .select({ number: records.record_number, status: records.record_status })
      .from(records)
      .where(eq(records.record_id, delivery.delivery_record));
    // Invalidated since it was queued: nothing leaves before the biologist validates again, which
    // puts the send back in the queue (openDeliveries).
    if (!record || record.status < RECORD_STATUS.pendingSubmission)
      throw new PermanentFailure('recordNotValidated');
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

  async function settle(delivery: Delivery, error: unknown): Promise<void> {
    await writeTransaction(db, SYSTEM_ACTOR, async (tx) => {
      const [current] = await tx
        .select()
        .from(recordDeliveries)
        .where(eq(recordDeliveries.delivery_id, delivery.delivery_id))
        .for('update');
      // Done by hand meanwhile, or retried: that later word stands.
      if (current?.delivery_state !== 'sending') return;
      const scope = and(eq(recordDeliveries.delivery_id, delivery.delivery_id));
      if (error === null) {
        await tx
          .update(recordDeliveries)
          .set({
            delivery_state: 'done',
            delivery_done_at: new Date().toISOString(),
            delivery_next_attempt_at: null,
            delivery_last_error: null,
          })
          .where(scope);
      } else {
        const message = error instanceof Error ? error.message : String(error);
        const givesUp = error instanceof PermanentFailure || current.delivery_attempts >= MAX_ATTEMPTS;
        await tx
          .update(recordDeliveries)
          .set({
            delivery_state: givesUp ? 'failed' : 'sending',
            delivery_last_error: message.slice(0, 500),
            delivery_next_attempt_at: givesUp
              ? null
              : new Date(Date.now() + backoffMs(current.delivery_attempts)).toISOString(),
          })
          .where(scope);
      }
      await followDeliveries(tx, delivery.delivery_record);
    });
  }

  return {
    /** Sends what is due now, one after the other; answers how many were tried. */
    async runDue(limit = 20): Promise<number> {
      const claimed = await claim(limit);
      for (const delivery of claimed) {
        let error: unknown = null;
        try {
          await send(delivery);
        } catch (caught) {
          error = caught;
          deps.log.warn({ delivery_id: delivery.delivery_id, err: caught }, 'Report send failed');
        }
        await settle(delivery, error);
      }
      return claimed.length;
    },
  };
}

export type Sending = ReturnType<typeof createSending>;

/** A send no retry can mend (no address to send to): failed at once, for a hand to fix. */
class PermanentFailure extends Error {}

/** Polls the sends due every `seconds` (0: never; tests run them by hand). Answers its stop. */
export function startSendingRunner(sending: Sending, seconds: number, log: FastifyBaseLogger): () => void {
  if (seconds <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sending
      .runDue()
      .catch((error: unknown) => log.error({ err: error }, 'Delivery runner failed'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
