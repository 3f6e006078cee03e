import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageRows,
  authHeaders,
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

describe.each(DATABASES)('tokens and sessions on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {
      ACCESS_TOKEN_TTL_SECONDS: '2',
      SESSION_IDLE_SECONDS: '600',
      SESSION_ABSOLUTE_SECONDS: '3600',
    });
  });
  afterAll(() => stopTestApp(ctx));

  const refresh = (session: Pick<Session, 'uid' | 'machineId'>, refresh_token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/refresh-tokens',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        uid: session.uid,
        auth_machine_id: session.machineId,
        refresh_token,
      }).toString(),
    });
  const userData = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/get-user-data', headers });
  const check = (session: Session, access_token = session.access_token) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/is-access-token-valid',
      payload: { uid: session.uid, auth_machine_id: session.machineId, access_token },
    });

  it('checks an access token and answers the rights', async () => {
    const session = await login(ctx.app, 'technicien@demo.lab');
    const response = await check(session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      valid: true,
      rights: { admin_samples: 2, admin_access: 0, user_type: 'internal' },
    });
    expect(codeOf(await check(session, `${session.access_token}x`))).toBe('invalidAccessToken');
  });

  it('binds the access token to uid and auth_machine_id', async () => {
    const session = await login(ctx.app, 'technicien@demo.lab');
    const other = await login(ctx.app, 'biologiste@demo.lab');
    expect(codeOf(await userData(authHeaders(session.access_token, other.uid, session.machineId)))).toBe(
      'invalidAccessToken',
    );
    expect(codeOf(await userData(authHeaders(session.access_token, session.uid, newMachineId())))).toBe(
      'invalidAccessToken',
    );
    expect(codeOf(await userData({ uid: session.uid, authmachineid: session.machineId }))).toBe(
      'invalidAccessToken',
    );
    expect((await userData(session.headers)).statusCode).toBe(200);
  });

  it('expires the access token, and the refreshed one works', async () => {
    const session = await login(ctx.app, 'biologiste@demo.lab');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await userData(session.headers);
    expect([expired.statusCode, codeOf(expired)]).toEqual([401, 'accessTokenExpired']);
    const refreshed = await refresh(session, session.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<{
      access_token: string;
      refresh_token: string;
      rights: { validation_admin: boolean };
    }>();
    expect(next.rights.validation_admin).toBe(true);
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect((await userData(authHeaders(next.access_token, session.uid, session.machineId))).statusCode).toBe(
      200,
    );
  });

  it('revokes the whole session when an old refresh token comes back', async () => {
    const session = await login(ctx.app, 'biologiste@demo.lab');
    const first = (await refresh(session, session.refresh_token)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const reuse = await refresh(session, session.refresh_token);
    expect(codeOf(reuse)).toBe('invalidRefreshToken');
    // The thief's replay ended the session for the legitimate holder too.
    expect(codeOf(await refresh(session, first.refresh_token))).toBe('authNotFound');
    expect(codeOf(await userData(authHeaders(first.access_token, session.uid, session.machineId)))).toBe(
      'authNotFound',
    );
  });

  it('refuses a refresh token presented with another uid or machine, or malformed', async () => {
    const session = await login(ctx.app, 'technicien@demo.lab');
    const other = await login(ctx.app, 'admin@demo.lab');
    expect(
      codeOf(await refresh({ uid: other.uid, machineId: session.machineId }, session.refresh_token)),
    ).toBe('invalidRefreshToken');
    expect(
      codeOf(await refresh({ uid: session.uid, machineId: newMachineId() }, session.refresh_token)),
    ).toBe('invalidRefreshToken');
    expect(codeOf(await refresh(session, 'garbage'))).toBe('invalidRefreshToken');
    expect((await refresh(session, session.refresh_token)).statusCode).toBe(200);
  });

  it('ends the session at logout', async () => {
    const session = await login(ctx.app, 'technicien@demo.lab');
    const out = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/logout',
      payload: { refresh_token: session.refresh_token },
    });
    expect(out.json()).toEqual({ success: true });
    expect(codeOf(await userData(session.headers))).toBe('authNotFound');
    expect(codeOf(await refresh(session, session.refresh_token))).toBe('authNotFound');
  });

  it('ends an idle session and one past its absolute lifetime', async () => {
    const idle = await login(ctx.app, 'clinique@demo.lab');
    await ageRows(ctx.database, 'auth_sessions', 'last_used_at', 601);
    expect(codeOf(await refresh(idle, idle.refresh_token))).toBe('authNotFound');

    const old = await login(ctx.app, 'clinique@demo.lab');
    await ageRows(ctx.database, 'auth_sessions', 'expires_at', 3601);
    expect(codeOf(await refresh(old, old.refresh_token))).toBe('authNotFound');
    expect(codeOf(await userData(old.headers))).toBe('authNotFound');
  });

  it('ends every session of a user who is disabled', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    const victim = await login(ctx.app, 'prescripteur@demo.lab');
    const [row] = (await call(ctx.app, admin, 'getAdmin', { query: { admin_uid: victim.uid } })).json<
      Array<{ admin_last_updated: string }>
    >();
    const disabled = await call(ctx.app, admin, 'updateAdminAccess', {
      body: { admin_uid: victim.uid, admin_last_updated: row?.admin_last_updated, user_disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(codeOf(await userData(victim.headers))).toBe('authNotFound');
    expect(codeOf(await refresh(victim, victim.refresh_token))).toBe('authNotFound');
  });
});
