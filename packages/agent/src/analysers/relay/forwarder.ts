import type { Journal } from '../journal.js';
import { messageOf } from './parse-entry.js';
import { CredentialRefused, type ServerLink } from './server-link.js';

const BATCH = 200;
const MAX_BACKOFF_MS = 30_000;

/**
 * Sends the journal's pending messages to the server in batches, oldest first, and marks forwarded
 * what the server acknowledged (stored, or already stored). Unreachable server: tries again with a
 * doubling pause (up to 30 s). Nothing is forgotten before the server has it; a message sent twice
 * is stored once (the server keys it by its id).
 */
export class Forwarder {
  private wake: (() => void) | undefined;
  private stopped = false;
  private backoffMs = 0;
  private readonly refused = new Set<string>();
  private running: Promise<void> | undefined;
  lastError: string | undefined;

  constructor(
    private readonly journal: Journal,
    private readonly server: ServerLink,
    private readonly options: { firstBackoffMs?: number; onRefused?(ids: string[]): void } = {},
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** A new message is on disk. */
  notify(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  /** Messages still waiting for the server's acknowledgement. */
  get pending(): number {
    return this.journal.pending().length;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const batch = this.journal
        .pending()
        .filter((entry) => !this.refused.has(entry.id))
        .slice(0, BATCH);
      if (batch.length === 0) {
        await this.sleep(60_000);
        continue;
      }
      try {
        const ack = await this.server.postMessages(batch.map(messageOf));
        if (ack.accepted.length > 0) await this.journal.markForwarded(ack.accepted);
        for (const refusal of ack.refused) this.refused.add(refusal.message_id);
        if (ack.refused.length > 0) this.options.onRefused?.(ack.refused.map((r) => r.message_id));
        this.backoffMs = 0;
        this.lastError = undefined;
        // Some were neither accepted nor refused (a failure on the server): not at once again.
        if (ack.accepted.length + ack.refused.length < batch.length) await this.sleep(1000);
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : String(error);
        if (error instanceof CredentialRefused) this.backoffMs = MAX_BACKOFF_MS;
        this.backoffMs = Math.min(
          MAX_BACKOFF_MS,
          this.backoffMs ? this.backoffMs * 2 : (this.options.firstBackoffMs ?? 500),
        );
        await this.sleep(this.backoffMs);
      }
    }
  }
}
