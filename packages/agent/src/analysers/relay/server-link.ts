import type {
  AgentConfiguration,
  AnalyserDownloads,
  AnalyserLinkState,
  AnalyserMessageIn,
  AnalyserMessagesAck,
  AnalyserOrderDelivery,
  AnalyserOrders,
  AnalyserOrdersAck,
} from '@sil/contract';

/** The server refused the agent's credential (revoked, replaced): retrying will not help. */
export class CredentialRefused extends Error {}

/**
 * The agent's one outbound link to the server: plain HTTPS calls (long-polled configuration,
 * batched messages) with its credential as a bearer token. No socket is held between calls.
 */
export class ServerLink {
  constructor(
    private readonly baseUrl: string,
    private readonly credential: string,
  ) {}

  /** Exchanges a one-time enrolment code for the agent's own credential. */
  static async enrol(baseUrl: string, code: string, host: string, version: string): Promise<string> {
    const response = await fetch(new URL('/api/enrol-agent', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enrolment_code: code, agent_host: host, agent_version: version }),
    });
    if (!response.ok) throw new Error(`enrolment refused (${response.status}: ${await response.text()})`);
    return ((await response.json()) as { credential: string }).credential;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    init: { query?: Record<string, string>; body?: unknown; timeoutMs?: number },
  ) {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${this.credential}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    if (response.status === 401) throw new CredentialRefused('the server refused the agent credential');
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  configuration(version: string | undefined, waitS: number) {
    return this.call<AgentConfiguration>('GET', '/api/get-agent-configuration', {
      query: { ...(version ? { version } : {}), wait_s: String(waitS) },
      timeoutMs: (waitS + 15) * 1000,
    });
  }

  postMessages(messages: AnalyserMessageIn[]) {
    return this.call<AnalyserMessagesAck>('POST', '/api/post-analyser-messages', {
      body: { messages },
      timeoutMs: 60_000,
    });
  }

  orders(machineId: string, specimenId: string, timeoutMs: number) {
    return this.call<AnalyserOrders>('GET', '/api/get-analyser-orders', {
      query: { machine_id: machineId, specimen_id: specimenId },
      timeoutMs,
    });
  }

  /** Orders to send unasked (download mode); waits up to `waitS` for one. */
  downloads(waitS: number) {
    return this.call<AnalyserDownloads>('GET', '/api/get-analyser-downloads', {
      query: { wait_s: String(waitS) },
      timeoutMs: (waitS + 15) * 1000,
    });
  }

  acknowledgeOrders(deliveries: AnalyserOrderDelivery[]) {
    return this.call<AnalyserOrdersAck>('POST', '/api/acknowledge-analyser-orders', {
      body: { deliveries },
    });
  }

  reportState(states: AnalyserLinkState[]) {
    return this.call<{ ok: true }>('POST', '/api/report-analyser-state', { body: { states } });
  }
}
