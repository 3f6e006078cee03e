import type { AnalyserDownload, AnalyserOrderDelivery } from '@sil/contract';
import type { AnalyserGateway } from './gateway.js';
import type { ServerLink } from './server-link.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DownloadOptions {
  /** How long a poll waits at the server for an order. */
  pollWaitS?: number;
  /** The pause before trying again orders that could not go out (analyser not connected, no answer). */
  retryMs?: number;
  onError?(error: unknown): void;
}

/**
 * Download mode (issue 41): takes the orders the server keeps for this agent's analysers (a long
 * poll), sends each over its analyser's open connection, and tells the server which went out, with
 * the text sent. An order stays on the server until acknowledged: an agent stopped or offline loses
 * none. One sent but not yet acknowledged is remembered here and acknowledged again, never sent a
 * second time by this run (an agent killed between the two may send it once more on restart).
 */
export class OrderDownloads {
  private stopped = false;
  private running: Promise<void> | undefined;
  /** Sent, waiting for the server to record it. */
  private readonly unacknowledged = new Map<string, AnalyserOrderDelivery>();
  /** Orders currently going out (a poll answered again meanwhile must not send them twice). */
  private readonly sending = new Set<string>();
  delivered = 0;

  constructor(
    private readonly gateway: AnalyserGateway,
    private readonly server: ServerLink,
    private readonly options: DownloadOptions = {},
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** Stops taking orders; a poll under way ends with its own timeout. */
  stop(): void {
    this.stopped = true;
  }

  private async acknowledge(): Promise<void> {
    const deliveries = [...this.unacknowledged.values()].slice(0, 100);
    if (deliveries.length === 0) return;
    await this.server.acknowledgeOrders(deliveries);
    // What the server did not acknowledge it cannot record (an analyser no longer this agent's).
    for (const delivery of deliveries) this.unacknowledged.delete(delivery.order_id);
  }

  private async send(order: AnalyserDownload): Promise<boolean> {
    if (this.sending.has(order.order_id)) return false;
    this.sending.add(order.order_id);
    try {
      const delivered = await this.gateway.deliver(order);
      if (!delivered) return false;
      this.unacknowledged.set(order.order_id, {
        order_id: order.order_id,
        sent_at: new Date().toISOString(),
        ...delivered,
      });
      this.delivered += 1;
      return true;
    } catch (error) {
      this.options.onError?.(error);
      return false;
    } finally {
      this.sending.delete(order.order_id);
    }
  }

  private async loop(): Promise<void> {
    let backoff = this.options.retryMs ?? 5000;
    while (!this.stopped) {
      try {
        await this.acknowledge();
        // With acknowledgements still owed the server is not asked to wait: they are sent again soon.
        const wait = this.unacknowledged.size > 0 ? 0 : (this.options.pollWaitS ?? 25);
        const { orders } = await this.server.downloads(wait);
        if (this.stopped) break;
        const fresh = orders.filter((order) => !this.unacknowledged.has(order.order_id));
        // Per analyser in the server's order (oldest first); one analyser's silence holds no other.
        const byMachine = new Map<string, AnalyserDownload[]>();
        for (const order of fresh)
          byMachine.set(order.machine_id, [...(byMachine.get(order.machine_id) ?? []), order]);
        const sent = await Promise.all(
          [...byMachine.values()].map(async (list) => {
            let count = 0;
            for (const order of list) {
              if (this.stopped || !(await this.send(order))) break;
              count += 1;
            }
            return count;
          }),
        );
        await this.acknowledge();
        backoff = this.options.retryMs ?? 5000;
        // Orders left waiting (an analyser away, or an empty answer): not asked again at once.
        if (orders.length > 0 && sent.reduce((a, b) => a + b, 0) < fresh.length)
          await pause(this.options.retryMs ?? 5000);
      } catch (error) {
        if (this.stopped) break;
        this.options.onError?.(error);
        await pause(backoff);
        backoff = Math.min(30_000, backoff * 2);
      }
    }
  }
}
