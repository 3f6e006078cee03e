import type { AgentConfiguration } from '@sil/contract';
import { Journal } from '../journal.js';
import { OrderDownloads } from './downloads.js';
import { Forwarder } from './forwarder.js';
import { AnalyserGateway } from './gateway.js';
import { CredentialRefused, ServerLink } from './server-link.js';

export interface RelayOptions {
  serverUrl: string;
  credential: string;
  journalDir: string;
  /** How long a configuration poll waits at the server for a change. */
  pollWaitS?: number;
  stateEveryMs?: number;
  firstBackoffMs?: number;
  /** The pause before orders that could not go out (download mode) are tried again. */
  downloadRetryMs?: number;
  astmTimings?: object;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export interface Relay {
  gateway: AnalyserGateway;
  forwarder: Forwarder;
  downloads: OrderDownloads;
  journal: Journal;
  /** The configuration applied last (null before the server first answered). */
  configuration(): AgentConfiguration | null;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The analyser gateway started with the agent (issue 41): its journal, the analysers the server
 * configures (long-polled; a change opens and closes listeners at once), the forwarding of the
 * journal, and the links' states reported every so often.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const journal = await Journal.open(options.journalDir);
  const server = new ServerLink(options.serverUrl, options.credential);
  const forwarder = new Forwarder(journal, server, { firstBackoffMs: options.firstBackoffMs });
  const gateway = new AnalyserGateway(journal, server, {
    onMessage: () => forwarder.notify(),
    onError: (machineId, error) =>
      options.log?.warn({ machineId, error: String(error) }, 'analyser not opened'),
    astmTimings: options.astmTimings,
  });
  const downloads = new OrderDownloads(gateway, server, {
    pollWaitS: options.pollWaitS,
    retryMs: options.downloadRetryMs,
    onError: (error) => options.log?.warn({ error: String(error) }, 'order not sent'),
  });
  let current: AgentConfiguration | null = null;
  let stopped = false;

  const poll = async () => {
    let backoff = options.firstBackoffMs ?? 500;
    while (!stopped) {
      try {
        const next = await server.configuration(current?.version, current ? (options.pollWaitS ?? 25) : 0);
        backoff = options.firstBackoffMs ?? 500;
        if (stopped) break;
        if (next.version !== current?.version) {
          await gateway.apply(next);
          current = next;
          options.log?.info(
            { analysers: next.analysers.length, version: next.version },
            'analysers configured',
          );
        }
      } catch (error) {
        if (stopped) break;
        options.log?.warn({ error: String(error) }, 'configuration not reached');
        await pause(error instanceof CredentialRefused ? 30_000 : backoff);
        backoff = Math.min(30_000, backoff * 2);
      }
    }
  };

  const report = async () => {
    while (!stopped) {
      await pause(options.stateEveryMs ?? 10_000);
      if (stopped || !current) continue;
      await server.reportState(gateway.states(forwarder.pending)).catch(() => undefined);
    }
  };

  forwarder.start();
  downloads.start();
  const loops = [poll(), report()];
  return {
    gateway,
    forwarder,
    downloads,
    journal,
    configuration: () => current,
    async stop() {
      stopped = true;
      downloads.stop();
      await forwarder.stop();
      await gateway.close();
      // The long poll ends with its own timeout; the journal closes after the last append.
      void Promise.allSettled(loops);
      await journal.close();
    },
  };
}
