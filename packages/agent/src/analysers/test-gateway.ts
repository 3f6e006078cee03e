import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstmTimings } from './astm/control.js';
import type { LinkEvent } from './astm/link.js';
import type { AstmMessage } from './astm/message.js';
import type { HostOrder } from './astm/message-build.js';
import { type AstmSession, startAstmSession } from './astm/session.js';
import type { Hl7Order } from './hl7/law.js';
import type { Hl7Reading } from './hl7/messages.js';
import { type Hl7Session, startHl7Session } from './hl7/session.js';
import { Journal, type JournalEntry } from './journal.js';
import type { ByteStream } from './stream.js';
import { listenTcp } from './transport/tcp.js';

/** Standard timers shortened so fault tests take milliseconds, not the standard's 15 and 30 s. */
export const FAST: Partial<AstmTimings> = {
  senderTimeoutMs: 400,
  receiverTimeoutMs: 400,
  busyRetryMs: 50,
  hostContentionMs: 100,
};

export async function tempJournal(): Promise<{
  journal: Journal;
  directory: string;
  remove(): Promise<void>;
}> {
  const directory = await mkdtemp(join(tmpdir(), 'sil-journal-'));
  const store = {
    journal: await Journal.open(directory),
    directory,
    /** Closes whichever journal the test left open here (it may have reopened it), then deletes it. */
    remove: async () => {
      await store.journal.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
  return store;
}

export interface Received {
  entry: JournalEntry;
  reading: { message: AstmMessage } | Hl7Reading | { error: string };
}

/** An ASTM session of the gateway on any stream, recording what it journals and its link events. */
export function astmGateway(
  stream: ByteStream,
  journal: Journal,
  options: {
    answerQuery?: (ids: string[]) => Promise<HostOrder[]>;
    received?: Received[];
    events?: LinkEvent[];
  } = {},
) {
  const received = options.received ?? [];
  const events = options.events ?? [];
  const session: AstmSession = startAstmSession({
    analyser: 'analyser-1',
    journal,
    stream,
    timings: FAST,
    onMessage: (entry, reading) => received.push({ entry, reading }),
    onEvent: (event) => events.push(event),
    answerQuery: options.answerQuery,
  });
  return { session, received, events };
}

/** The gateway listening on a loopback port; each analyser connection gets its own session. */
export async function tcpGateway(
  protocol: 'astm' | 'hl7',
  options: {
    answerAstm?: (ids: string[]) => Promise<HostOrder[]>;
    answerHl7?: (id: string) => Promise<Hl7Order[]>;
  } = {},
) {
  const store = await tempJournal();
  const received: Received[] = [];
  const events: LinkEvent[] = [];
  const astm: AstmSession[] = [];
  const hl7: Hl7Session[] = [];
  const server = await listenTcp('127.0.0.1', 0, (stream) => {
    if (protocol === 'astm') {
      astm.push(
        astmGateway(stream, store.journal, { answerQuery: options.answerAstm, received, events }).session,
      );
    } else {
      hl7.push(
        startHl7Session({
          analyser: 'analyser-2',
          journal: store.journal,
          stream,
          ackTimeoutMs: 1000,
          onMessage: (entry, reading: Hl7Reading | { error: string }) => received.push({ entry, reading }),
          answerQuery: options.answerHl7,
        }),
      );
    }
  });
  return {
    ...store,
    port: server.port,
    received,
    events,
    astm,
    hl7,
    /** An analyser connecting to the gateway. */
    connect: () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: server.port }, () => resolve(socket));
        socket.once('error', reject);
      }),
    close: async () => {
      await server.close();
      await store.remove();
    },
  };
}

export const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
