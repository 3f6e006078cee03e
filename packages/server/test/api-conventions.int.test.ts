import { apiTable, ERROR_STATUS, errorAnswersOf, routes } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '../src/lib/errors.js';
import { call, codeOf, DATABASES, login, startTestApp, stopTestApp, type TestContext } from './helpers.js';

describe.each(DATABASES)('API conventions on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => stopTestApp(ctx));

  it('answers an unknown call with a code, not a page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/get-nothing' });
    expect([response.statusCode, codeOf(response)]).toEqual([404, 'routeConfigNotFound']);
  });

  it('hides the details of an unexpected error', async () => {
    const { buildApp } = await import('../src/app.js');
    const app = await buildApp({ config: ctx.config, db: ctx.database.db, logger: false });
    app.get('/api/explode', { config: { access: { kind: 'public' } } }, async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    app.get('/api/refuse', { config: { access: { kind: 'public' } } }, async () =>
      fail('invalidOperation', { why: 'test' }),
    );
    const exploded = await app.inject({ method: 'GET', url: '/api/explode' });
    expect(exploded.statusCode).toBe(500);
    expect(exploded.json()).toEqual({ code: 'unexpectedError', details: {} });
    expect(exploded.body).not.toContain('secret');
    expect((await app.inject({ method: 'GET', url: '/api/refuse' })).json()).toEqual({
      code: 'invalidOperation',
      details: { why: 'test' },
    });
    await app.close();
  });

  it('answers malformed JSON and unsupported bodies with a 4xx code', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect([malformed.statusCode, codeOf(malformed)]).toEqual([400, 'incorrectType']);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect([huge.statusCode, codeOf(huge)]).toEqual([413, 'payloadTooLarge']);
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect([xml.statusCode, codeOf(xml)]).toEqual([415, 'unsupportedMediaType']);
    const admin = await login(ctx.app, 'admin@demo.lab');
    const text = await call(ctx.app, admin, {
      method: 'POST',
      url: '/api/add-matrix',
      headers: { 'content-type': 'text/csv' },
      payload: 'matrix_name\nSang\n',
    });
    expect([text.statusCode, codeOf(text)]).toEqual([415, 'unsupportedMediaType']);
    expect(ERROR_STATUS.unsupportedMediaType).toBe(415);
    // Documented on every call that takes a body, where the API documentation lists its errors.
    for (const def of Object.values(apiTable).filter((route) => route.method !== 'GET'))
      expect(errorAnswersOf(def).get(415)).toContain('unsupportedMediaType');
  });

  it('sends security headers, a request id, and no CORS permission', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/get-user-data',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes every call of the contract in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const route of Object.values(routes)) {
      expect(
        document.paths[route.path]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends the single sign-on button back to login with a code while no provider is configured', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/psc/start?locale=en' });
    expect([response.statusCode, response.headers.location]).toEqual([
      302,
      '/en/?sso_error=ssoNotConfigured',
    ]);
  });
});
