import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.js';
import { outbox } from '../db/schema/system.js';

export interface FaxDocument {
  to: string;
  filename: string;
  pdf: Buffer;
}

export interface FaxSender {
  send(document: FaxDocument): Promise<void>;
}

/**
 * An HTTP fax gateway: POST {to, filename, pdf_base64} as JSON with a bearer token, as the
 * e-fax services French laboratories use accept; any non-2xx answer is an error the job retries.
 */
export function httpFaxSender(url: string, token: string | undefined): FaxSender {
  return {
    async send({ to, filename, pdf }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, filename, pdf_base64: pdf.toString('base64') }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`Fax gateway answered ${response.status}`);
    },
  };
}

/** Offline default: the fax is kept in the outbox table (its file name; the PDF is the record's report). */
export function outboxFaxSender(db: Db, log: FastifyBaseLogger): FaxSender {
  return {
    async send({ to, filename }) {
      await db.insert(outbox).values({ channel: 'fax', recipient: to, subject: filename, body: filename });
      log.info({ to, filename }, 'Fax queued in the local outbox');
    },
  };
}
