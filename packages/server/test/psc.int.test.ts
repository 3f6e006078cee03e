import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../src/db/schema/index.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  newMachineId,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';
import {
  DR_MARTIN,
  DR_UNKNOWN,
  type PscProvider,
  startPscProvider,
  throughProvider,
} from './psc-provider.js';

const PUBLIC_URL = 'https://lab.example';
const CALLBACK = `${PUBLIC_URL}/auth/psc/callback`;

/**
 * Pro Santé Connect (issue 18) against a real local OpenID provider: linking from the security
 * page, then logging in with the link (spec.md §4 'Session', §7 get-{provider}-user then /login).
 */
describe.each(DATABASES)('Pro Santé Connect on %s', (kind) => {
  let ctx: TestContext;
  let provider: PscProvider;
  let biologist: Session;

  beforeAll(async () => {
    provider = await startPscProvider(CALLBACK);
    ctx = await startTestApp(kind, {
      PUBLIC_URL,
      PSC_DISCOVERY_URL: provider.discoveryUrl,
      PSC_CLIENT_ID: provider.clientId,
      PSC_CLIENT_SECRET: provider.clientSecret,
      PSC_ALLOW_HTTP: 'true',
    });
    biologist = await login(ctx.app, 'biologiste@demo.lab');
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    await provider?.close();
  });

  /** The provider's return as the server forwards it to a page: the page and its query. */
  async function returnFrom(authorizationUrl: string) {
    const back = await throughProvider(authorizationUrl, CALLBACK);
    expect(back.searchParams.get('code')).toBeTruthy();
    const forwarded = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(forwarded.statusCode).toBe(302);
    const page = new URL(String(forwarded.headers.location), PUBLIC_URL);
    return { page: page.pathname, query: Object.fromEntries(page.searchParams) };
  }

  async function startLink(session: Session) {
    const started = await call(ctx.app, session, 'startPscLink', { body: { locale: 'fr' } });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json<{ url: string }>().url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('scope')).toBe('openid scope_all');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    return url.href;
  }

  async function ssoLogin(locale = 'en') {
    const start = await ctx.app.inject({ method: 'GET', url: `/auth/psc/start?locale=${locale}` });
    expect(start.statusCode).toBe(302);
    const { page, query } = await returnFrom(String(start.headers.location));
    expect(page).toBe(`/${locale}/`);
    return query;
  }

  const pscUser = (query: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `/api/get-psc-user?${new URLSearchParams(query)}` });

  it('refuses an unknown professional with a clear code and creates no account', async () => {
    provider.nextLogin = { professional: DR_UNKNOWN, acr: 'eidas1' };
    const [before] = await ctx.database.db.select({ n: count() }).from(users);
    const answer = await pscUser(await ssoLogin());
    expect(codeOf(answer)).toBe('ssoUnknownProfessional');
    const [after] = await ctx.database.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
    const [event] = await ctx.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.event_type, 'sso_refused'))
      .orderBy(desc(securityEvents.occurred_at))
      .limit(1);
    expect(event?.detail).toContain(DR_UNKNOWN.nationalId);
  });

  it('links the account from the security page with state, session_state and code', async () => {
    provider.nextLogin = { professional: DR_MARTIN, acr: 'eidas1' };
    const { page, query } = await returnFrom(await startLink(biologist));
    expect(page).toBe('/fr/security');
    expect(Object.keys(query)).toEqual(expect.arrayContaining(['state', 'code']));
    const linked = await call(ctx.app, biologist, 'linkPscAccount', { body: query });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ psc_linked: true });
    // The same return cannot serve twice.
    const again = await call(ctx.app, biologist, 'linkPscAccount', { body: query });
    expect(codeOf(again)).toBe('ssoRequestNotFound');
    const status = await call(ctx.app, biologist, 'getAccountStatus');
    expect(status.json()).toMatchObject({ psc_linked: true, psc_configured: true });
    const [event] = await ctx.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.event_type, 'sso_linked'));
    expect(event?.detail).toContain(DR_MARTIN.nationalId);
  });

  it('refuses to link a professional already linked to another account, and a departure of another user', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    provider.nextLogin = { professional: DR_MARTIN, acr: 'eidas1' };
    const { query } = await returnFrom(await startLink(admin));
    const answer = await call(ctx.app, admin, 'linkPscAccount', { body: query });
    expect(codeOf(answer)).toBe('ssoAlreadyLinked');

    const { query: biologistsReturn } = await returnFrom(await startLink(biologist));
    const stolen = await call(ctx.app, admin, 'linkPscAccount', { body: biologistsReturn });
    expect(codeOf(stolen)).toBe('ssoRequestNotFound');
  });

  it('logs the linked professional in through get-psc-user then /login, once, as a security event', async () => {
    provider.nextLogin = { professional: DR_MARTIN, acr: 'eidas1' };
    const answer = await pscUser(await ssoLogin());
    expect(answer.statusCode).toBe(200);
    const [user] = answer.json<Array<{ user_email: string; user_password: string }>>();
    expect(user?.user_email).toBe('biologiste@demo.lab');
    const loginWith = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user?.user_email, password: user?.user_password, auth_machine_id: newMachineId() },
      });
    const tokens = await loginWith();
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toHaveProperty('access_token');
    expect(codeOf(await loginWith())).toBe('incorrectCredentials');
    const [event] = await ctx.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.event_type, 'sso_login'));
    expect(event?.email).toBe('biologiste@demo.lab');
  });

  it('checks the eIDAS level in acr', async () => {
    provider.nextLogin = { professional: DR_MARTIN, acr: 'eidas3' };
    expect(codeOf(await pscUser(await ssoLogin()))).toBe('ssoLevelInsufficient');
  });

  it('refuses a forged state and a forged code', async () => {
    expect(codeOf(await pscUser({ state: 'x'.repeat(43), code: 'abc' }))).toBe('ssoRequestNotFound');
    provider.nextLogin = { professional: DR_MARTIN, acr: 'eidas1' };
    const query = await ssoLogin();
    expect(codeOf(await pscUser({ ...query, code: 'forged-code' }))).toBe('ssoFailed');
  });

  it('unlinks, after which the professional is unknown again', async () => {
    const unlinked = await call(ctx.app, biologist, 'unlinkPscAccount', { body: {} });
    expect(unlinked.statusCode).toBe(200);
    provider.nextLogin = { professional: DR_MARTIN, acr: 'eidas1' };
    expect(codeOf(await pscUser(await ssoLogin()))).toBe('ssoUnknownProfessional');
  });
});
