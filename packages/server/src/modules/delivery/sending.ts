import { RECORD_STATUS } from '@sil/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FaxSender } from '../../adapters/fax.js';
import type { Mailer } from '../../adapters/mail.js';
import type { Db, Tx } from '../../db/open.js';
import { recordDeliveries } from '../../db/schema/delivery.js';
import { SYSTEM_ACTOR, writeTransaction } from '../../lib/transaction.js';
import { records } from '../records/tables.js';
import { followDeliveries } from './channels.js';
import type { ExchangeSender } from './exchange.js';
import { dueSends } from './queries.js';
import type { ReportProvider } from './report.js';

export interface SendingDeps {
  db: Db;
  mailer: Mailer;
  fax: FaxSender;
  report: ReportProvider;
  /** The structured results of the 'exchange' channel (modules/exchange). */
  exchange: ExchangeSender;
  /** Where the patient opens the report (the e-mail gives the link). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The first wait before another try (seconds), doubling after each. */
  retrySeconds?: number;
}

/** Tries of one send before it waits for a hand: 30 s, 1 min, 2 min, 4 min apart by default. */
export const MAX_ATTEMPTS = 5;
/** How long a claimed send is left to its runner; past it another runner takes it up (a crash). */
const LEASE_MS = 5 * 60_000;

export const backoffMs = (attempts: number, firstSeconds = 30) =>
  firstSeconds * 1000 * 2 ** Math.max(0, attempts - 1);

type Delivery = typeof recordDeliveries.$inferSelect;
export type SendOutcome = 'done' | 'retry' | 'failed' | 'skipped';

/**
 * The sending jobs of e-mail and fax (decision 0016): each send is its row in record_deliveries,
 * claimed under a lease (FOR UPDATE SKIP LOCKED, so server copies share the work), sent outside
 * any transaction, then marked done or given its next try with a doubling wait; after
 * MAX_ATTEMPTS it is 'failed', listed, and waits to be retried by hand. Nothing is lost: a runner
 * that dies mid-send leaves a lease that expires.
 */
export function createSending(deps: SendingDeps) {
  const { db } = deps;

  const lease = (tx: Tx, due: Delivery[]) => {
    const until = new Date(Date.now() + LEASE_MS).toISOString();
    return Promise.all(
      due.map(async (delivery) => {
        await tx
          .update(recordDeliveries)
          .set({
            delivery_attempts: sql`${recordDeliveries.delivery_attempts} + 1`,
            delivery_next_attempt_at: until,
          })
          .where(eq(recordDeliveries.delivery_id, delivery.delivery_id));
        return { ...delivery, delivery_attempts: delivery.delivery_attempts + 1 };
      }),
    );
  };

  /** The row runner's turn: the sends due now, leased. */
  const claim = (limit: number): Promise<Delivery[]> =>
    writeTransaction(db, SYSTEM_ACTOR, async (tx) => lease(tx, await dueSends(tx, limit)));

  /** A job's turn (pg-boss): that one send, whatever its due time, unless it is no longer sending. */
  const claimOne = (deliveryId: string): Promise<Delivery | undefined> =>
    writeTransaction(db, SYSTEM_ACTOR, async (tx) => {
      const [delivery] = await tx
        .select()
        .from(recordDeliveries)
        .where(
          and(eq(recordDeliveries.delivery_id, deliveryId), eq(recordDeliveries.delivery_state, 'sending')),
        )
        .for('update', { skipLocked: true });
      return delivery ? (await lease(tx, [delivery]))[0] : undefined;
    });

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
    if (delivery.delivery_channel === 'exchange') {
      await deps.exchange(db, delivery.delivery_record, delivery.delivery_recipient);
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

  /** Writes the outcome of a try: done, another try later ('retry'), or 'failed' for a hand. */
  function settle(delivery: Delivery, error: unknown): Promise<SendOutcome> {
    return writeTransaction(db, SYSTEM_ACTOR, async (tx): Promise<SendOutcome> => {
      const [current] = await tx
        .select()
        .from(recordDeliveries)
        .where(eq(recordDeliveries.delivery_id, delivery.delivery_id))
        .for('update');
      // Done by hand meanwhile, or retried: that later word stands.
      if (current?.delivery_state !== 'sending') return 'skipped';
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
        await followDeliveries(tx, delivery.delivery_record);
        return 'done';
      }
      const message = error instanceof Error ? error.message : String(error);
      const givesUp = error instanceof PermanentFailure || current.delivery_attempts >= MAX_ATTEMPTS;
      await tx
        .update(recordDeliveries)
        .set({
          delivery_state: givesUp ? 'failed' : 'sending',
          delivery_last_error: message.slice(0, 500),
          delivery_next_attempt_at: givesUp
            ? null
            : new Date(Date.now() + backoffMs(current.delivery_attempts, deps.retrySeconds)).toISOString(),
        })
        .where(scope);
      await followDeliveries(tx, delivery.delivery_record);
      return givesUp ? 'failed' : 'retry';
    });
  }

  async function attempt(delivery: Delivery): Promise<SendOutcome> {
    let error: unknown = null;
    try {
      await send(delivery);
    } catch (caught) {
      error = caught;
      deps.log.warn({ delivery_id: delivery.delivery_id, err: caught }, 'Report send failed');
    }
    return settle(delivery, error);
  }

  return {
    /** Sends what is due now, one after the other; answers how many were tried. */
    async runDue(limit = 20): Promise<number> {
      const claimed = await claim(limit);
      for (const delivery of claimed) await attempt(delivery);
      return claimed.length;
    },
    /** One send by its row (a pg-boss job): 'skipped' when it is no longer sending or another has it. */
    async runOne(deliveryId: string): Promise<SendOutcome> {
      const delivery = await claimOne(deliveryId);
      return delivery ? attempt(delivery) : 'skipped';
    },
    /** The last error of a send, for the job that must fail with it. */
    async lastError(deliveryId: string): Promise<string> {
      const [row] = await db
        .select({ error: recordDeliveries.delivery_last_error })
        .from(recordDeliveries)
        .where(eq(recordDeliveries.delivery_id, deliveryId));
      return row?.error ?? 'send failed';
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
