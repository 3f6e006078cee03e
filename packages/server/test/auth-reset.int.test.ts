import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema/index.js';
import { apiClient } from './client.js';
import {
  ageRows,
  call,
  codeOf,
  DATABASES,
  digest,
  login,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';
import { linkIn, startSmtpServer } from './smtp.js';

describe.each(DATABASES)('password reset, invitation and verification on %s', (kind) => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await startTestApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    await smtp.stop();
  });

  const anonymous = () => apiClient(ctx.app, null);
  const requestReset = (email: string, locale: 'fr' | 'en' = 'fr') =>
    anonymous().requestPasswordReset({ email, locale });
  const reset = (reset_password_link: string, password: string) =>
    anonymous().send('resetPassword', { body: { reset_password_link, new_password: digest(password) } });

  it('sends a reset link by e-mail; the new password works, the old one and old sessions do not', async () => {
    const before = await login(ctx.app, 'technicien@demo.lab');
    const answer = await requestReset('technicien@demo.lab', 'en');
    expect(answer).toEqual({ sent: true });
    const mail = smtp.inbox.at(-1);
    expect(mail?.to).toEqual(['technicien@demo.lab']);
    expect(mail?.raw).toContain('Subject: Reset your password');
    const secret = linkIn(mail, 'reset-password');

    expect((await reset(secret, 'Nouveau-mot-2026!')).json()).toEqual({ success: true });
    expect(codeOf(await call(ctx.app, before, 'getUserData'))).toBe('authNotFound');
    await expect(login(ctx.app, 'technicien@demo.lab')).rejects.toThrow('incorrectCredentials');
    await expect(login(ctx.app, 'technicien@demo.lab', digest('Nouveau-mot-2026!'))).resolves.toHaveProperty(
      'uid',
    );
    expect(codeOf(await reset(secret, 'Encore-un-2026!'))).toBe('resetNotFound');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const count = smtp.inbox.length;
    expect(await requestReset('inconnu@demo.lab')).toEqual({ sent: true });
    expect(smtp.inbox.length).toBe(count);
  });

  it('refuses an unknown or expired link', async () => {
    expect(codeOf(await reset('a-link-that-was-never-sent', 'Nouveau-mot-2026!'))).toBe('resetNotFound');
    await requestReset('biologiste@demo.lab');
    const secret = linkIn(smtp.inbox.at(-1), 'reset-password');
    await ageRows(ctx.database, 'auth_challenges', 'expires_at', 3601);
    const expired = await reset(secret, 'Nouveau-mot-2026!');
    expect([expired.statusCode, codeOf(expired)]).toEqual([410, 'resetExpired']);
  });

  it('invites a new user without a password, in French, to choose one', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    const created = await call(ctx.app, admin, 'addNewUser', {
      body: { user_name: 'Nina Moreau', user_email: 'nina@demo.lab', admin_records: 1 },
    });
    expect(created.json()).toMatchObject({ invitation_sent: true });
    const mail = smtp.inbox.at(-1);
    expect(mail?.to).toEqual(['nina@demo.lab']);
    expect(mail?.raw).toContain('Bonjour Nina Moreau');
    await expect(login(ctx.app, 'nina@demo.lab', digest(''))).rejects.toThrow('incorrectCredentials');
    await reset(linkIn(mail, 'reset-password'), 'Nina-2026!');
    const nina = await login(ctx.app, 'nina@demo.lab', digest('Nina-2026!'));
    const data = (await call(ctx.app, nina, 'getUserData')).json();
    expect(data).toMatchObject({
      user_email: 'nina@demo.lab',
      email_verified: true,
      rights: { admin_records: 1, admin_access: 0 },
    });
  });

  it('verifies an e-mail address and a mobile number with their links, once', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    await call(ctx.app, admin, 'addNewUser', {
      body: {
        user_name: 'Paul Simon',
        user_email: 'paul@demo.lab',
        user_phone_num: '+33698765432',
        user_password: digest('Paul-2026!'),
      },
    });
    const paul = await login(ctx.app, 'paul@demo.lab', digest('Paul-2026!'));
    await call(ctx.app, paul, 'requestEmailVerification', { body: { locale: 'fr' } });
    const emailSecret = linkIn(smtp.inbox.at(-1), 'verify-email');
    const verify = (name: 'verifyEmail' | 'verifyPhoneNumber', verification_token: string) =>
      anonymous().send(name, { body: { verification_token } });
    expect((await verify('verifyEmail', emailSecret)).json()).toEqual({ success: true });
    expect(codeOf(await verify('verifyEmail', emailSecret))).toBe('verificationNotFound');
    const again = await call(ctx.app, paul, 'requestEmailVerification', { body: {} });
    expect(codeOf(again)).toBe('alreadyVerified');

    await call(ctx.app, paul, 'requestPhoneVerification', { body: {} });
    const [sms] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.channel, 'sms'))
      .orderBy(desc(outbox.created_at))
      .limit(1);
    const phoneSecret = /verify-phone-number\/([A-Za-z0-9_-]+)/.exec(sms?.body ?? '')?.[1] ?? '';
    await ageRows(ctx.database, 'auth_challenges', 'expires_at', 86_401);
    expect(codeOf(await verify('verifyPhoneNumber', phoneSecret))).toBe('verificationExpired');
    await call(ctx.app, paul, 'requestPhoneVerification', { body: {} });
    const [fresh] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.channel, 'sms'))
      .orderBy(desc(outbox.created_at))
      .limit(1);
    const freshSecret = /verify-phone-number\/([A-Za-z0-9_-]+)/.exec(fresh?.body ?? '')?.[1] ?? '';
    expect((await verify('verifyPhoneNumber', freshSecret)).json()).toEqual({ success: true });
    const data = (await call(ctx.app, paul, 'getUserData')).json();
    expect(data).toMatchObject({ email_verified: true, phone_verified: true });
  });
});
