import { apiTable, IDEMPOTENCY_KEY_HEADER, queryString, RESEND_DELAYS_MS, sendWrite } from '@sil/contract';
import type { Session } from '../http.js';

/** What the clients saw, every attempt counted (a resend is a request of its own). */
export class Tally {
  requests = 0;
  /** Answers by status class ('2xx', '4xx', '502'…: 5xx by their status). */
  readonly answers = new Map<string, number>();
  networkErrors = 0;
  /** Writes whose answer the client itself stopped waiting for (CUT_SHARE), then resent. */
  answersCut = 0;
  resends = 0;
  /** Answers of a resend that found its write already made (Idempotent-Replayed). */
  replayed = 0;
  /** Calls whose last attempt, after the resends, was still a 5xx or a network error. */
  failedAfterResends = 0;
  /** Calls the server refused (4xx) in the end: counted apart, they are not lost writes. */
  refused = new Map<string, number>();

  get fiveXxSeen(): number {
    let total = this.networkErrors;
    for (const [status, count] of this.answers) if (status.startsWith('5')) total += count;
    return total;
  }

  seen(status: number): void {
    this.requests++;
    const key = status >= 500 || status === 409 ? String(status) : `${Math.floor(status / 100)}xx`;
    this.answers.set(key, (this.answers.get(key) ?? 0) + 1);
  }
}

/** Each attempt's own time limit: a copy killed mid-call must not hold a client for ever. */
const ATTEMPT_TIMEOUT_MS = 30_000;
/**
 * The share of write attempts whose answer the client stops waiting for after 10–300 ms, as a
 * phone losing its network does: the server usually goes on and commits, and the resend with the
 * same key must get that write's answer rather than make it again.
 */
const CUT_SHARE = Number(process.env.BENCH_CHAOS_CUT_SHARE ?? 0.05);
/** The control run: writes resent without their key, as a client without idempotency would. */
const WITHOUT_KEYS = process.env.BENCH_CHAOS_WITHOUT_KEYS === '1';

export interface Answer {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

export class ChaosClient {
  constructor(
    private readonly baseUrl: string,
    readonly tally: Tally,
  ) {}

  private readonly countingFetch: typeof fetch = async (input, init) => {
    const cut = new AbortController();
    const timer =
      init?.method !== 'GET' && Math.random() < CUT_SHARE
        ? setTimeout(() => cut.abort(), 10 + Math.random() * 290)
        : undefined;
    try {
      const signal = AbortSignal.any([AbortSignal.timeout(ATTEMPT_TIMEOUT_MS), cut.signal]);
      const headers = new Headers(init?.headers);
      if (WITHOUT_KEYS) headers.delete(IDEMPOTENCY_KEY_HEADER);
      const response = await fetch(input, { ...init, headers, signal });
      // The body too: a cut while it arrives is a lost answer as well.
      const body = await response.arrayBuffer();
      this.tally.seen(response.status);
      if (response.headers.get('idempotent-replayed') === 'true') this.tally.replayed++;
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      this.tally.requests++;
      if (cut.signal.aborted) this.tally.answersCut++;
      else this.tally.networkErrors++;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  private headers(session: Session): Record<string, string> {
    return {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${session.access_token}`,
      uid: session.uid,
      authmachineid: session.authMachineId,
    };
  }

  /** A write as the web client sends it: its key, resent after a lost answer (contract/resend.ts). */
  async write(session: Session, name: string, body: unknown): Promise<Answer> {
    const def = apiTable[name];
    if (!def) throw new Error(`no call ${name}`);
    const init = { method: def.method, headers: this.headers(session), body: JSON.stringify(body) };
    const onResend = () => {
      this.tally.resends++;
    };
    return this.finish(name, () =>
      sendWrite(`${this.baseUrl}${def.path}`, init, { onResend }, this.countingFetch),
    );
  }

  /** A read, tried again after a lost answer as the web app's queries are (same waits, no key). */
  async read(session: Session, name: string, query: Record<string, string | number>): Promise<Answer> {
    const def = apiTable[name];
    if (!def) throw new Error(`no call ${name}`);
    const url = `${this.baseUrl}${def.path}${queryString(query)}`;
    return this.finish(name, async () => {
      for (let attempt = 0; ; attempt++) {
        const delay = RESEND_DELAYS_MS[attempt];
        try {
          const response = await this.countingFetch(url, { headers: this.headers(session) });
          if (delay === undefined || ![502, 503, 504].includes(response.status)) return response;
          await response.body?.cancel();
        } catch (error) {
          if (delay === undefined) throw error;
        }
        this.tally.resends++;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    });
  }

  private async finish(name: string, send: () => Promise<Response>): Promise<Answer> {
    let response: Response;
    try {
      response = await send();
    } catch {
      this.tally.failedAfterResends++;
      return { ok: false, status: 0, body: {} };
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status >= 500) this.tally.failedAfterResends++;
    else if (response.status >= 400) {
      const key = `${name}: ${String(body.code ?? response.status)}`;
      this.tally.refused.set(key, (this.tally.refused.get(key) ?? 0) + 1);
    }
    return { ok: response.status === 200, status: response.status, body };
  }
}
