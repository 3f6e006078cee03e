import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ExchangeFile, ExchangeFormat } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import type { OutboundAddresses } from '../../lib/outbound-address.js';
import { DROP_RECIPIENT, type ExchangeSender, exchangeDestination } from '../delivery/index.js';
import { visibleRecord } from '../records/index.js';
import { records } from '../records/tables.js';
import { exchangeDocument } from './document.js';
import { buildExchange } from './formats/index.js';

/** How long a destination may take to take a message before the send is tried again later. */
const POST_TIMEOUT_MS = 30_000;

/** The exchange file of a validated record, for a caller who may see it. */
export async function exportResults(
  db: Db,
  auth: Authenticated,
  recordId: string,
  format: ExchangeFormat,
): Promise<ExchangeFile> {
  const record = await visibleRecord(db, auth, recordId);
  return buildExchange(format, await exchangeDocument(db, record));
}

/**
 * The 'exchange' sends of the delivery jobs: the record's file in the laboratory's configured
 * format, POSTed to its URL (any 2xx is taken), or dropped in `dropDir/<laboratory id>/`, written
 * under a temporary name then renamed so that a reader never sees half a file. The URL is checked
 * again as it is sent (a destination stored before issue 38, or a name whose DNS changed) and the
 * POST goes to the address checked, following no redirect.
 */
export function exchangeSender(dropDir: string, outbound: OutboundAddresses): ExchangeSender {
  return async (q: Queryable, recordId: string, recipient: string) => {
    const [record] = await q.select().from(records).where(eq(records.record_id, recordId));
    if (!record) throw new Error('recordNotFound');
    const destination = await exchangeDestination(q, record);
    if (!destination) throw new Error('exchangeNotConfigured');
    const file = buildExchange(destination.format, await exchangeDocument(q, record));
    if (recipient === DROP_RECIPIENT) {
      const folder = path.join(dropDir, record.laboratory_id);
      await mkdir(folder, { recursive: true });
      const partial = path.join(folder, `.${randomUUID()}.part`);
      await writeFile(partial, file.content, 'utf8');
      await rename(partial, path.join(folder, file.filename));
      return;
    }
    const answer = await outbound.send(recipient, {
      method: 'POST',
      headers: {
        'content-type': file.content_type,
        'content-disposition': `attachment; filename="${file.filename}"`,
      },
      body: file.content,
      timeoutMs: POST_TIMEOUT_MS,
    });
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`HTTP ${answer.status} from the exchange destination`);
    }
  };
}
