import { type Clock, systemClock } from '../clock.js';
import type { Journal, JournalEntry } from '../journal.js';
import type { ByteStream } from '../stream.js';
import { buildRsp11, type Hl7Header, type Hl7Order, readQuery } from './law.js';
import { buildAck, decodeHl7, encodeHl7, type Hl7Reading, readHl7 } from './messages.js';
import { MllpReader, mllpFrame } from './mllp.js';

export interface Hl7SessionOptions {
  analyser: string;
  journal: Journal;
  stream: ByteStream;
  clock?: Clock;
  /** How long a message sent to the analyser waits for its ACK. */
  ackTimeoutMs?: number;
  onMessage?(entry: JournalEntry, reading: Hl7Reading | { error: string }): void;
  /** The orders of a queried specimen (RSP^K11); without it every query is answered 'no order'. */
  answerQuery?(specimenId: string): Promise<Hl7Order[]>;
  header?(): Omit<Hl7Header, 'controlId'>;
}

export interface Hl7Session {
  /** Sends a message (OML^O33…) and resolves with the analyser's acknowledgement code. */
  send(text: string, controlId: string): Promise<string>;
  close(): void;
}

const hl7Now = () => new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);

/**
 * An analyser's HL7 connection over MLLP: each message is journaled (fsync) before its ACK goes back,
 * including the ones that cannot be read, which are refused (AR/CR) but kept for the log. A journal
 * failure answers AE/CE so the analyser keeps the message and sends it again.
 */
export function startHl7Session(options: Hl7SessionOptions): Hl7Session {
  const clock = options.clock ?? systemClock;
  const waiting = new Map<
    string,
    { resolve(code: string): void; reject(error: Error): void; timer: unknown }
  >();
  let chain: Promise<void> = Promise.resolve();
  const reply = (text: string): void => {
    options.stream.write(mllpFrame(encodeHl7(text)));
  };

  const handle = async (body: Buffer) => {
    const text = decodeHl7(body);
    let reading: Hl7Reading | null = null;
    let error = '';
    try {
      reading = readHl7(text);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    if (reading?.kind === 'ACK') {
      const acked = reading.message.getSegment('MSA')?.getField(2)?.toString() ?? '';
      const pending = waiting.get(acked);
      if (pending) {
        clock.clearTimer(pending.timer);
        waiting.delete(acked);
        pending.resolve(reading.message.getSegment('MSA')?.getField(1)?.toString() ?? '');
      }
      return;
    }
    let entry: JournalEntry;
    try {
      entry = await options.journal.append(options.analyser, 'hl7', text);
    } catch {
      reply(buildAck(reading, 'error', 'stored'));
      return;
    }
    options.onMessage?.(entry, reading ?? { error });
    if (!reading) return reply(buildAck(null, 'refused', 'unreadable'));
    if (reading.kind === 'QBP^Q11') {
      const query = readQuery(reading.message);
      const orders = options.answerQuery ? await options.answerQuery(query.specimenId).catch(() => []) : [];
      const header = options.header?.() ?? {
        sendingApplication: 'SIL',
        receivingApplication: '',
        timestamp: hl7Now(),
      };
      return reply(buildRsp11({ ...header, controlId: `${entry.seq}` }, reading.message, orders));
    }
    if (reading.noAck) return;
    const supported = reading.kind === 'OUL^R22' || reading.kind === 'ORU^R01';
    reply(supported ? buildAck(reading, 'accepted') : buildAck(reading, 'refused', 'unsupported'));
  };

  // One message at a time, in order: an analyser waits for each ACK anyway.
  const reader = new MllpReader((body) => {
    chain = chain.then(() => handle(body)).catch(() => undefined);
  });
  options.stream.on('data', (chunk) => reader.push(chunk));
  const closed = () => {
    reader.reset();
    for (const [id, pending] of waiting) {
      clock.clearTimer(pending.timer);
      pending.reject(new Error('disconnected'));
      waiting.delete(id);
    }
  };
  options.stream.on('close', closed);
  options.stream.on('error', closed);

  return {
    send(text, controlId) {
      return new Promise((resolve, reject) => {
        const timer = clock.setTimer(() => {
          waiting.delete(controlId);
          reject(new Error('no acknowledgement'));
        }, options.ackTimeoutMs ?? 30_000);
        waiting.set(controlId, { resolve, reject, timer });
        reply(text);
      });
    },
    close() {
      closed();
      options.stream.destroy();
    },
  };
}
