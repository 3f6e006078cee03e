import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../src/db/schema/index.js';
import {
  codeOf,
  DATABASES,
  DEMO_DIGEST,
  digest,
  login,
  newMachineId,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

describe.each(DATABASES)('login on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { THROTTLE_MAX_PER_ACCOUNT: '3', THROTTLE_MAX_PER_ADDRESS: '8' });
  });
  afterAll(() => stopTestApp(ctx));

  const attempt = (email: string, password: string, ip = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip,
      payload: { email, password, auth_machine_id: newMachineId(), locale: 'fr' },
    });

  it('answers tokens for the right password and never stores the digest itself', async () => {
    const response = await attempt('admin@demo.lab', DEMO_DIGEST, '10.0.0.2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      uid: expect.any(String),
    });
    const stored = await ctx.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.user_email, 'admin@demo.lab'),
    });
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored?.password_hash).not.toContain(DEMO_DIGEST);
  });

  it('accepts a form-urlencoded body and an e-mail in capitals', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.0.0.3',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: 'Biologiste@Demo.LAB',
        password: DEMO_DIGEST,
        auth_machine_id: newMachineId(),
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers incorrectCredentials alike for a wrong password and an unknown address', async () => {
    const wrong = await attempt('technicien@demo.lab', digest('nope'), '10.0.0.4');
    const unknown = await attempt('nobody@demo.lab', DEMO_DIGEST, '10.0.0.4');
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([401, 'incorrectCredentials']);
    expect([unknown.statusCode, unknown.json()]).toEqual([401, wrong.json()]);
  });

  it('refuses a disabled account with the same answer', async () => {
    const { users } = await import('../src/db/schema/index.js');
    const { writeTransaction, SYSTEM_ACTOR } = await import('../src/lib/transaction.js');
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.update(users).set({ user_disabled: true }).where(eq(users.user_email, 'secretariat@demo.lab')),
    );
    const response = await attempt('secretariat@demo.lab', DEMO_DIGEST, '10.0.0.5');
    expect(codeOf(response)).toBe('incorrectCredentials');
  });

  it('throttles an account after repeated failures, even with the right password, then logs it', async () => {
    for (let i = 0; i < 3; i++) await attempt('prescripteur@demo.lab', digest(`guess${i}`), `10.1.0.${i}`);
    const blocked = await attempt('prescripteur@demo.lab', DEMO_DIGEST, '10.1.0.9');
    expect([blocked.statusCode, codeOf(blocked)]).toEqual([429, 'tooManyAttempts']);
    const events = await ctx.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.email, 'prescripteur@demo.lab'));
    expect(events.filter((e) => e.event_type === 'login_failed')).toHaveLength(3);
    expect(events.some((e) => e.event_type === 'login_throttled' && e.ip === '10.1.0.9')).toBe(true);
    expect(events[0]?.occurred_at).toMatch(/\+00$|Z$|\+00:00$/);
  });

  it('throttles an address that tries many accounts', async () => {
    for (let i = 0; i < 8; i++) await attempt(`user${i}@elsewhere.fr`, DEMO_DIGEST, '10.2.0.1');
    expect(codeOf(await attempt('clinique@demo.lab', DEMO_DIGEST, '10.2.0.1'))).toBe('tooManyAttempts');
    expect((await attempt('clinique@demo.lab', DEMO_DIGEST, '10.2.0.2')).statusCode).toBe(200);
  });

  it('lists every invalid field of a bad request with its path', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'not-an-email', auth_machine_id: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { issues: Array<{ path: string }> } }>();
    expect(body.code).toBe('missingData');
    expect(body.details.issues.map((issue) => issue.path).sort()).toEqual([
      'auth_machine_id',
      'email',
      'password',
    ]);
    const typeOnly = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'a@b.fr', password: 'x', auth_machine_id: 'bad' },
    });
    expect(codeOf(typeOnly)).toBe('incorrectType');
  });

  it('logs in the demo users of every kind', async () => {
    for (const email of [
      'admin@demo.lab',
      'biologiste@demo.lab',
      'technicien@demo.lab',
      'clinique@demo.lab',
    ]) {
      const session = await login(ctx.app, email);
      expect(session.uid).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
