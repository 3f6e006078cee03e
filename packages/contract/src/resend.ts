/**
 * How a client sends a write (decision 0033): with a fresh `Idempotency-Key` per action, and the
 * same key each time it sends that action again after an answer it did not get: a network error
 * (the connection failed or was cut), a 502, 503 or 504 from the load balancer (no copy answered,
 * or the one that ran it died), or `requestInProgress` (a resend arrived while the first still
 * ran). The server then answers the first call's answer, or runs it once. The web client and the
 * chaos bench both send through it, so the bench resends as the browser does.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Waits before each resend; their number bounds the resends (about 15 s in all). */
export const RESEND_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 7_000];
const RESENT_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** A version 4 UUID, also where `crypto.randomUUID` is missing (a page served over plain HTTP). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether an answer says the write may not have run, or is still running: send it again. */
async function worthResending(response: Response): Promise<boolean> {
  if (RESENT_STATUSES.has(response.status)) return true;
  if (response.status !== 409) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return (
    typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'requestInProgress'
  );
}

export interface ResendOptions {
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Told of each resend (the bench counts them). */
  onResend?: (reason: string) => void;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `fetch` for a write: one key for the action, sent again with it after a lost answer, waiting a
 * little longer each time (with jitter, so that clients cut off together do not come back
 * together). The last answer, or the last network error, is the caller's.
 */
export async function sendWrite(
  url: string,
  init: RequestInit,
  options: ResendOptions = {},
  fetchOnce: typeof fetch = fetch,
): Promise<Response> {
  const delays = options.delaysMs ?? RESEND_DELAYS_MS;
  const sleep = options.sleep ?? pause;
  const headers = new Headers(init.headers);
  headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  for (let attempt = 0; ; attempt++) {
    const delay = delays[attempt];
    let response: Response;
    try {
      response = await fetchOnce(url, { ...init, headers });
    } catch (error) {
      if (delay === undefined) throw error;
      options.onResend?.('network');
      await sleep(delay * (0.75 + Math.random() / 2));
      continue;
    }
    if (delay === undefined || !(await worthResending(response))) return response;
    options.onResend?.(String(response.status));
    await response.body?.cancel().catch(() => undefined);
    await sleep(delay * (0.75 + Math.random() / 2));
  }
}
