import { describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, sendWrite } from './resend.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server answering each attempt in turn (an Error is a network failure); the keys it saw. */
function server(answers: Array<Response | Error>) {
  const keys: Array<string | null> = [];
  const fetchOnce = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    keys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER));
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  return { keys, fetchOnce: fetchOnce as unknown as typeof fetch };
}

describe('sendWrite', () => {
  const sleep = vi.fn(async (_ms: number) => {});
  const options = { delaysMs: [10, 20, 40], sleep };

  it('resends with the same key after a network error, a 502/503/504 and requestInProgress', async () => {
    const { keys, fetchOnce } = server([
      new TypeError('fetch failed'),
      json(502, {}),
      json(409, { code: 'requestInProgress' }),
      json(200, { record_id: 'r1' }),
    ]);
    const reasons: string[] = [];
    const response = await sendWrite(
      '/api/add-patient',
      { method: 'POST', headers: { accept: 'application/json' } },
      { ...options, onResend: (reason) => reasons.push(reason) },
      fetchOnce,
    );
    expect(await response.json()).toEqual({ record_id: 'r1' });
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
    expect(reasons).toEqual(['network', '502', '409']);
    // Each wait longer than the one before (jitter stays within ±25 %).
    const waits = sleep.mock.calls.map(([ms]) => ms);
    expect(waits[0]).toBeGreaterThanOrEqual(7.5);
    expect(waits[2]).toBeGreaterThan(waits[0] ?? 0);
  });

  it('gives each action its own key', async () => {
    const { keys, fetchOnce } = server([json(200, {}), json(200, {})]);
    await sendWrite('/api/a', { method: 'POST' }, options, fetchOnce);
    await sendWrite('/api/a', { method: 'POST' }, options, fetchOnce);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('answers a refusal at once, a conflict other than requestInProgress included', async () => {
    const { keys, fetchOnce } = server([json(409, { code: 'staleUpdate' })]);
    const response = await sendWrite('/api/a', { method: 'PUT' }, options, fetchOnce);
    expect(response.status).toBe(409);
    expect(keys).toHaveLength(1);
    const error = server([json(500, { code: 'unexpectedError' })]);
    expect((await sendWrite('/api/a', { method: 'PUT' }, options, error.fetchOnce)).status).toBe(500);
    expect(error.keys).toHaveLength(1);
  });

  it('stops after its bounded resends: the last answer, or the last network error', async () => {
    const unavailable = server(Array.from({ length: 10 }, () => json(503, {})));
    expect((await sendWrite('/api/a', { method: 'POST' }, options, unavailable.fetchOnce)).status).toBe(503);
    expect(unavailable.keys).toHaveLength(4);
    const down = server(Array.from({ length: 10 }, () => new TypeError('fetch failed')));
    await expect(sendWrite('/api/a', { method: 'POST' }, options, down.fetchOnce)).rejects.toThrow(
      'fetch failed',
    );
    expect(down.keys).toHaveLength(4);
  });
});
