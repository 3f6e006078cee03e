import { hostname } from 'node:os';
import type {
  AgentAnalyserConfig,
  AgentConfiguration,
  AnalyserDownload,
  AnalyserLinkState,
} from '@sil/contract';
import type { LinkEvent } from '../astm/link.js';
import { buildOrderMessage } from '../astm/message-build.js';
import { startAstmSession } from '../astm/session.js';
import { buildOml33 } from '../hl7/law.js';
import { startHl7Session } from '../hl7/session.js';
import type { Journal } from '../journal.js';
import type { ByteStream } from '../stream.js';
import { openSerialPort, type SerialSettings } from '../transport/serial.js';
import { connectTcp, listenTcp } from '../transport/tcp.js';
import type { ServerLink } from './server-link.js';

/** Well within the standard's 15 s reply time (ASTM) and an analyser's usual HL7 query timeout. */
const QUERY_TIMEOUT_MS = 10_000;

/** An order as it went out, and the analyser's answer (HL7 MSA-1; ASTM: every frame ACKed). */
export interface Delivered {
  raw_text: string;
  accepted: boolean;
  answer: string;
}

type OrderSender = (order: AnalyserDownload) => Promise<Delivered>;

interface Opened {
  key: string;
  state: AnalyserLinkState & { streams: number; senders: OrderSender[] };
  close(): Promise<void>;
}

/** An analyser's answer that says 'try again later' (HL7 application error) rather than 'never'. */
export class OrderNotTaken extends Error {}

const keyOf = (analyser: AgentAnalyserConfig) => JSON.stringify([analyser.protocol, analyser.connection]);

/**
 * The analysers' connections as the server configures them: each opened with its protocol over its
 * transport, closed or reopened when its configuration changes (without restarting the agent).
 * Every message goes to the journal first; host queries are answered from the server's orders.
 */
export class AnalyserGateway {
  private readonly opened = new Map<string, Opened>();

  constructor(
    private readonly journal: Journal,
    private readonly server: ServerLink,
    private readonly options: {
      onMessage(): void;
      onError?(machineId: string, error: unknown): void;
      astmTimings?: object;
    },
  ) {}

  async apply(configuration: AgentConfiguration): Promise<void> {
    const wanted = new Map(configuration.analysers.map((analyser) => [analyser.machine_id, analyser]));
    for (const [machineId, opened] of this.opened) {
      const analyser = wanted.get(machineId);
      if (!analyser || keyOf(analyser) !== opened.key) {
        this.opened.delete(machineId);
        await opened.close();
      }
    }
    for (const analyser of wanted.values()) {
      if (this.opened.has(analyser.machine_id)) continue;
      try {
        this.opened.set(analyser.machine_id, await this.open(analyser));
      } catch (error) {
        this.options.onError?.(analyser.machine_id, error);
      }
    }
  }

  states(pending: number): AnalyserLinkState[] {
    return [...this.opened.entries()].map(([machineId, { state }]) => ({
      machine_id: machineId,
      connected: state.streams > 0,
      listening: state.listening,
      last_message_at: state.last_message_at,
      naks: state.naks,
      retransmissions: state.retransmissions,
      pending,
      errors: state.errors.slice(-20),
    }));
  }

  async close(): Promise<void> {
    for (const opened of this.opened.values()) await opened.close();
    this.opened.clear();
  }

  /**
   * Sends an order (download mode) over the analyser's open connection, the latest when it has
   * several; null when none is open (the order waits). Throws when it did not go through.
   */
  async deliver(order: AnalyserDownload): Promise<Delivered | null> {
    const sender = this.opened.get(order.machine_id)?.state.senders.at(-1);
    return sender ? sender(order) : null;
  }

  private async orders(machineId: string, specimenId: string) {
    const answer = await this.server.orders(machineId, specimenId, QUERY_TIMEOUT_MS);
    return answer.tests.length > 0 ? answer : null;
  }

  private attach(analyser: AgentAnalyserConfig, state: Opened['state'], stream: ByteStream): void {
    state.streams += 1;
    const error = (message: string) => {
      state.errors.push({ at: new Date().toISOString(), message: message.slice(0, 500) });
      state.errors.splice(0, Math.max(0, state.errors.length - 20));
    };
    let sender: OrderSender | undefined;
    stream.on('close', () => {
      state.streams -= 1;
      state.senders = state.senders.filter((one) => one !== sender);
    });
    const onMessage = () => {
      state.last_message_at = new Date().toISOString();
      this.options.onMessage();
    };
    const header = () => ({
      sender: 'SIL',
      timestamp: new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14),
    });
    if (analyser.protocol === 'astm') {
      const session = startAstmSession({
        analyser: analyser.machine_id,
        journal: this.journal,
        stream,
        timings: this.options.astmTimings,
        header,
        onMessage,
        onError: (cause) => error(cause instanceof Error ? cause.message : String(cause)),
        onEvent: (event: LinkEvent) => {
          if (event.type === 'nakSent') state.naks += 1;
          else if (event.type === 'nakReceived') state.retransmissions += 1;
          else if (event.type === 'timeout' || event.type === 'messageAborted') error(JSON.stringify(event));
        },
        answerQuery: async (ids) => {
          const orders = await Promise.all(
            ids.map((id) => this.orders(analyser.machine_id, id).catch(() => null)),
          );
          return orders.flatMap((order) =>
            order
              ? [
                  {
                    specimenId: order.specimen_id,
                    tests: order.tests.map((t) => t.test_code),
                    priority: order.priority,
                  },
                ]
              : [],
          );
        },
      });
      // H, P, O (action code N), L: sent once every frame is acknowledged.
      sender = async (order) => {
        const records = buildOrderMessage(header(), [
          {
            specimenId: order.specimen_id,
            tests: order.tests.map((t) => t.test_code),
            priority: order.priority,
          },
        ]);
        await session.send(records);
        return {
          raw_text: records.map((record) => (record.endsWith('\r') ? record : `${record}\r`)).join(''),
          accepted: true,
          answer: '',
        };
      };
    } else {
      const session = startHl7Session({
        analyser: analyser.machine_id,
        journal: this.journal,
        stream,
        onMessage,
        header: () => ({
          sendingApplication: 'SIL',
          receivingApplication: analyser.machine_code,
          timestamp: header().timestamp,
        }),
        answerQuery: async (id) => {
          const order = await this.orders(analyser.machine_id, id).catch(() => null);
          return order
            ? [
                {
                  specimenId: order.specimen_id,
                  priority: order.priority,
                  tests: order.tests.map((t) => ({ code: t.test_code, name: t.parameter_name })),
                },
              ]
            : [];
        },
      });
      // OML^O33, its control id the order's (MSH-10 holds 20 characters): taken once ACKed AA/CA.
      sender = async (order) => {
        const controlId = order.order_id.replace(/-/g, '').slice(0, 20);
        const text = buildOml33(
          {
            sendingApplication: 'SIL',
            receivingApplication: analyser.machine_code,
            timestamp: header().timestamp,
            controlId,
          },
          [
            {
              specimenId: order.specimen_id,
              priority: order.priority,
              tests: order.tests.map((t) => ({ code: t.test_code, name: t.parameter_name })),
            },
          ],
        );
        const answer = await session.send(text, controlId);
        if (answer === 'AE' || answer === 'CE') throw new OrderNotTaken(`the analyser answered ${answer}`);
        return { raw_text: text, accepted: answer === 'AA' || answer === 'CA', answer };
      };
    }
    state.senders.push(sender);
  }

  private async open(analyser: AgentAnalyserConfig): Promise<Opened> {
    const state: Opened['state'] = {
      machine_id: analyser.machine_id,
      connected: false,
      listening: false,
      last_message_at: null,
      naks: 0,
      retransmissions: 0,
      pending: 0,
      errors: [],
      streams: 0,
      senders: [],
    };
    const key = keyOf(analyser);
    const { connection } = analyser;
    if (connection.transport === 'tcp_server') {
      const server = await listenTcp(connection.host ?? '0.0.0.0', connection.port, (stream) =>
        this.attach(analyser, state, stream),
      );
      // Open: the analyser may connect. Before it does, its link reads 'listening', not 'disconnected'.
      state.listening = true;
      return {
        key,
        state,
        close: () => {
          state.listening = false;
          return server.close();
        },
      };
    }
    if (connection.transport === 'tcp_client') {
      const client = connectTcp(connection.host, connection.port, (stream) =>
        this.attach(analyser, state, stream),
      );
      return { key, state, close: async () => client.stop() };
    }
    const settings: SerialSettings = {
      path: connection.path,
      baudRate: connection.baud_rate,
      dataBits: connection.data_bits as SerialSettings['dataBits'],
      parity: connection.parity,
      stopBits: connection.stop_bits as SerialSettings['stopBits'],
    };
    const port = await openSerialPort(settings);
    this.attach(analyser, state, port);
    return {
      key,
      state,
      close: () =>
        new Promise((resolve) => {
          port.on('close', () => resolve());
          port.destroy();
          setTimeout(resolve, 500);
        }),
    };
  }
}

export const agentHost = () => hostname();
