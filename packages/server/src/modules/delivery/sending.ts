import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordDeliveries } from '../../db/schema/delivery.js';
import { type ClaimedSend, claimDueSends, claimSend } from './claim-sends.js';
import { type ReportSenders, sendDelivery } from './send-delivery.js';
import { type SendOutcome, settleSend } from './settle-send.js';

/** Tries of one send before it waits for a hand: 30 s, 1 min, 2 min, 4 min apart by default. */
export const MAX_ATTEMPTS = 5;

export interface SendingDeps extends ReportSenders {
  log: FastifyBaseLogger;
  /** The first wait before another try (seconds), doubling after each. */
  retrySeconds?: number;
}

/**
 * The sending jobs of e-mail, fax and exchange (decision 0016): each send is its row in
 * record_deliveries, claimed under a lease (claim-sends.ts), sent outside any transaction
 * (send-delivery.ts), then settled: done, or given its next try with a doubling wait, or after
 * MAX_ATTEMPTS 'failed', listed, waiting to be retried by hand (settle-send.ts). Nothing is lost:
 * a runner that dies mid-send leaves a lease that expires.
 */
export function createSending(deps: SendingDeps) {
  const { db } = deps;

  async function attempt(delivery: ClaimedSend): Promise<SendOutcome> {
    let error: unknown = null;
    try {
      await sendDelivery(deps, delivery);
    } catch (caught) {
      error = caught;
      deps.log.warn({ delivery_id: delivery.delivery_id, err: caught }, 'Report send failed');
    }
    return settleSend(db, delivery, error, { max: MAX_ATTEMPTS, firstWaitSeconds: deps.retrySeconds });
  }

  return {
    /** Sends what is due now, one after the other; answers how many were tried. */
    async runDue(limit = 20): Promise<number> {
      const claimed = await claimDueSends(db, limit);
      for (const delivery of claimed) await attempt(delivery);
      return claimed.length;
    },
    /** One send by its row (a pg-boss job): 'skipped' when it is no longer sending or another has it. */
    async runOne(deliveryId: string): Promise<SendOutcome> {
      const delivery = await claimSend(db, deliveryId);
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
