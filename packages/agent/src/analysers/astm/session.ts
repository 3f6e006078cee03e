import type { Clock } from '../clock.js';
import type { Journal, JournalEntry } from '../journal.js';
import type { ByteStream } from '../stream.js';
import type { AstmTimings } from './control.js';
import { AstmLink, type LinkEvent } from './link.js';
import { type AstmMessage, readAstmMessage } from './message.js';
import { buildQueryAnswer, type HostHeader, type HostOrder } from './message-build.js';

export interface AstmSessionOptions {
  analyser: string;
  journal: Journal;
  stream: ByteStream;
  clock?: Clock;
  timings?: Partial<AstmTimings>;
  /** Called once the message is on disk, with its reading or the reason it could not be read. */
  onMessage?(entry: JournalEntry, reading: { message: AstmMessage } | { error: string }): void;
  onEvent?(event: LinkEvent): void;
  /** A message the journal could not keep after the analyser had already ended its transmission. */
  onError?(error: unknown): void;
  /** The orders of queried specimens; without it every query is answered 'no information'. */
  answerQuery?(specimenIds: string[]): Promise<HostOrder[]>;
  header?(): HostHeader;
}

export interface AstmSession {
  link: AstmLink;
  /** Sends records (orders, a query's answer) to the analyser as one transmission. */
  send(records: string[]): Promise<void>;
  close(): void;
}

const astmNow = () => new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const recordType = (record: string) => record.trimStart()[0]?.toUpperCase();

/**
 * An analyser's ASTM connection: frames become records, records become messages (H … L), and each
 * message is journaled before the frame carrying its L record is acknowledged, so an acknowledged
 * message is never lost. An unfinished message (cut, timeout) is dropped: the analyser sends it again.
 */
export function startAstmSession(options: AstmSessionOptions): AstmSession {
  let partial = '';
  let records: string[] = [];

  const keep = async (message: string[]) => {
    const text = message.join('');
    const entry = await options.journal.append(options.analyser, 'astm', text);
    let reading: { message: AstmMessage } | { error: string };
    try {
      reading = { message: readAstmMessage(text) };
    } catch (error) {
      reading = { error: error instanceof Error ? error.message : String(error) };
    }
    options.onMessage?.(entry, reading);
    if ('message' in reading && reading.message.queries.length > 0) void answer(reading.message);
  };

  // The answer goes out as the host's own transmission, after the analyser's EOT (the link queues it).
  const answer = async (message: AstmMessage) => {
    const ids = message.queries.flatMap((query) => query.specimenIds);
    const orders = options.answerQuery ? await options.answerQuery(ids).catch(() => []) : [];
    const header = options.header?.() ?? { sender: 'SIL', timestamp: astmNow() };
    await link
      .send(buildQueryAnswer(header, orders).map((record) => Buffer.from(record, 'latin1')))
      .catch((error) => options.onError?.(error));
  };

  const link = new AstmLink({
    role: 'host',
    clock: options.clock,
    timings: options.timings,
    onEvent: options.onEvent,
    write: (bytes) => options.stream.write(bytes),
    receiver: {
      async frame(text, last) {
        const record = partial + text.toString('latin1');
        if (!last) {
          partial = record;
          return;
        }
        // A new header while records wait: the previous message had no L record; keep it as it is.
        if (recordType(record) === 'H' && records.length > 0) {
          await keep(records);
          records = [];
        }
        if (recordType(record) === 'L') {
          await keep([...records, record]);
          records = [];
        } else {
          records = [...records, record];
        }
        partial = '';
      },
      ended() {
        // The sender ended normally without an L record: what it sent is complete in its eyes.
        if (records.length > 0) keep(records).catch((error) => options.onError?.(error));
        records = [];
        partial = '';
      },
      aborted() {
        records = [];
        partial = '';
      },
    },
  });

  options.stream.on('data', (chunk) => link.receive(chunk));
  options.stream.on('close', () => link.close());
  options.stream.on('error', () => link.close());

  return {
    link,
    send: (out) => link.send(out.map((record) => Buffer.from(record, 'latin1'))),
    close: () => {
      link.close();
      options.stream.destroy();
    },
  };
}
