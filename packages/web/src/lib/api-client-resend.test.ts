// @vitest-environment jsdom

import type { RouteDef } from '@sil/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, call } from './api-client';
import { saveTokens } from './session';

const UID = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A write of the logged-in user, as any screen's mutation calls one. */
const write = {
  method: 'POST',
  path: '/api/add-something',
  access: { kind: 'authenticated' },
  summary: 'a write',
  body: z.object({ n: z.number() }),
  response: z.object({ done: z.number() }),
} satisfies RouteDef;
const read = { ...write, method: 'GET', body: undefined, query: z.object({}) } satisfies RouteDef;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server answering each request in turn (an Error is a lost connection); what it was sent. */
function server(answers: Array<Response | Error>) {
  const seen: Array<{ method: string; key: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      seen.push({ method: String(init.method), key: new Headers(init.headers).get('idempotency-key') });
      const next = answers.shift();
      if (!next || next instanceof Error) throw next ?? new TypeError('fetch failed');
      return next;
    }),
  );
  return seen;
}

/** Runs a call to its end, the resends' waits passing at once. */
async function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  const outcome = Promise.allSettled([promise]);
  await vi.runAllTimersAsync();
  return (await outcome)[0] as PromiseSettledResult<T>;
}

describe('the web client’s writes (decision 0033)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    saveTokens({ access_token: 'old', refresh_token: 'r1', uid: UID }, '1700000000000abcdef');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a write again with its key after a lost connection, a 502, a 503, a 504 and requestInProgress', async () => {
    const seen = server([
      new TypeError('fetch failed'),
      json(502, {}),
      json(503, {}),
      json(504, {}),
      json(409, { code: 'requestInProgress' }),
      json(200, { done: 1 }),
    ]);
    const outcome = await settled(call(write, { body: { n: 1 } }));
    expect(outcome).toEqual({ status: 'fulfilled', value: { done: 1 } });
    expect(seen).toHaveLength(6);
    expect(seen[0]?.key).toMatch(UUID);
    expect(new Set(seen.map((request) => request.key)).size).toBe(1);
  });

  it('gives each write its own key, and none to a read, which is not sent again', async () => {
    const seen = server([json(200, { done: 1 }), json(200, { done: 2 }), json(502, {})]);
    await settled(call(write, { body: { n: 1 } }));
    await settled(call(write, { body: { n: 2 } }));
    const failedRead = await settled(call(read, { query: {} }));
    expect(seen[0]?.key).not.toBe(seen[1]?.key);
    expect(seen[2]).toEqual({ method: 'GET', key: null });
    expect(failedRead.status).toBe('rejected');
    expect(seen).toHaveLength(3);
  });

  it('gives up after its bounded resends with the last answer’s error', async () => {
    const seen = server(Array.from({ length: 20 }, () => json(503, { code: 'unexpectedError' })));
    const outcome = await settled(call(write, { body: { n: 1 } }));
    expect(outcome.status).toBe('rejected');
    const error = (outcome as PromiseRejectedResult).reason as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(seen).toHaveLength(7);
  });

  it('does not send again a write the server refused', async () => {
    const seen = server([json(409, { code: 'staleUpdate' })]);
    const outcome = await settled(call(write, { body: { n: 1 } }));
    expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'staleUpdate', status: 409 });
    expect(seen).toHaveLength(1);
  });
});
