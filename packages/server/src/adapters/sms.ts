import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.js';
import { outbox } from '../db/schema/system.js';

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * An HTTP SMS gateway: POST {from, to, text} as JSON with a bearer token, as most French SMS
 * providers' REST APIs accept; any non-2xx answer is an error.
 */
export function httpSmsSender(url: string, token: string | undefined, sender: string): SmsSender {
  return {
    async send(to, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ from: sender, to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** Offline default: the SMS is kept in the outbox table and printed to the server log. */
export function outboxSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send(to, text) {
      await db.insert(outbox).values({ channel: 'sms', recipient: to, body: text });
      log.info({ to, text }, 'SMS queued in the local outbox');
    },
  };
}
