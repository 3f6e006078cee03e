// @vitest-environment jsdom

import { emptyRights } from '@sil/contract';
import { billingRoutes } from '@sil/contract/billing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUserData } from '../testing/rows';
import { ApiError, call } from './api-client';
import { getCredentials, saveTokens } from './session';

const UID = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const USER = aUserData({
  admin_uid: UID,
  user_name: 'Admin',
  user_email: 'admin@demo.lab',
  laboratory_id: UID,
  laboratory_name: 'Lab',
  admin_last_updated: '2026-01-01T00:00:00Z',
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake server: access token 'old' is expired, refresh hands out 'new' (or fails). */
function fakeServer(options: { refreshFails?: boolean; alwaysExpired?: boolean } = {}) {
  const log: string[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    log.push(`${url} ${headers.get('authorization') ?? ''}`);
    if (url.endsWith('/auth/refresh-tokens')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (options.refreshFails) return json(401, { code: 'invalidRefreshToken' });
      return json(200, { access_token: 'new', refresh_token: 'r2', rights: emptyRights('internal') });
    }
    if (headers.get('authorization') !== 'Bearer new' || options.alwaysExpired) {
      return json(401, { code: 'accessTokenExpired' });
    }
    return json(200, USER);
  });
  vi.stubGlobal('fetch', fetchMock);
  return log;
}

describe('call', () => {
  beforeEach(() => {
    localStorage.clear();
    saveTokens({ access_token: 'old', refresh_token: 'r1', uid: UID }, '1700000000000abcdef');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the auth headers', async () => {
    const seen: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(new Headers(init.headers));
        return json(200, USER);
      }),
    );
    await call('getUserData', {});
    expect(seen[0]?.get('authorization')).toBe('Bearer old');
    expect(seen[0]?.get('uid')).toBe(UID);
    expect(seen[0]?.get('authmachineid')).toBe('1700000000000abcdef');
  });

  it('refreshes once for concurrent failing calls and retries each once', async () => {
    const log = fakeServer();
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('getUserData', {})));
    expect(answers.map((answer) => answer.user_email)).toEqual(Array(4).fill('admin@demo.lab'));
    expect(log.filter((line) => line.includes('refresh-tokens'))).toHaveLength(1);
    expect(log.filter((line) => line.endsWith('Bearer new'))).toHaveLength(4);
    expect(getCredentials()?.refreshToken).toBe('r2');
  });

  it('never retries twice', async () => {
    const log = fakeServer({ alwaysExpired: true });
    await expect(call('getUserData', {})).rejects.toMatchObject({ code: 'accessTokenExpired' });
    expect(log.filter((line) => line.includes('get-user-data'))).toHaveLength(2);
  });

  it('fails every waiting call and ends the session when the refresh fails', async () => {
    fakeServer({ refreshFails: true });
    const results = await Promise.allSettled([1, 2, 3].map(() => call('getUserData', {})));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ApiError);
    }
    expect(getCredentials()).toBeNull();
  });

  it('does not refresh on other errors', async () => {
    const log: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        log.push(url);
        return json(403, { code: 'insufficientRights' });
      }),
    );
    await expect(call('getUserData', {})).rejects.toMatchObject({ code: 'insufficientRights', status: 403 });
    expect(log).toEqual(['/api/get-user-data']);
  });

  it('rejects an answer that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { nope: true })),
    );
    await expect(call('getUserData', {})).rejects.toMatchObject({ code: 'unexpectedError' });
  });

  it('calls a route by its definition: its method, path, body, and answer parsed by its schema', async () => {
    const sent: { url: string; method: string | undefined; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
        return json(200, { record_id: UID, bill_state: 'billed' });
      }),
    );
    const answer = await call(billingRoutes.markRecordBilled, { body: { record_id: UID } });
    expect(sent).toEqual([{ url: '/api/mark-record-billed', method: 'PUT', body: { record_id: UID } }]);
    expect(answer).toEqual({ record_id: UID, bill_state: 'billed' });
  });

  it("sends a definition's query in the address and holds its answer to the definition's schema", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return json(200, { nope: true });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      call(billingRoutes.getBillingList, { query: { bill_state: 'billed' } }),
    ).rejects.toMatchObject({
      code: 'unexpectedError',
    });
    expect(urls).toEqual(['/api/get-billing-list?bill_state=billed']);
  });
});
