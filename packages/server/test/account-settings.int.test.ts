import { createECDH, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { laboratories, outbox, pushSubscriptions, users } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { apiClient } from './client.js';
import {
  ageRows,
  call,
  codeOf,
  DATABASES,
  digest,
  login,
  newMachineId,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';
import { startLocalEndpoint } from './local-endpoint.js';
import { linkIn, startSmtpServer } from './smtp.js';

/**
 * Account and security settings (issue 18, spec.md §2 'Settings', §5, §8): e-mail and mobile
 * changes by verification link, the password change, the SMS code setting, the user's own sessions
 * and Web Push notifications.
 */
describe.each(DATABASES)('account and security settings on %s', (kind) => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: Session;
  let pushService: Awaited<ReturnType<typeof startLocalEndpoint>>;
  const received: Array<{ url: string; headers: IncomingHttpHeaders; bytes: number }> = [];
  let pushStatus = 201;
  const vapid = webPush.generateVAPIDKeys();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    pushService = await startLocalEndpoint('', (body, request, response) => {
      received.push({ url: request.url ?? '', headers: request.headers, bytes: Buffer.byteLength(body) });
      response.statusCode = pushStatus;
      response.end();
    });
    ctx = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      THROTTLE_FREE_FAILURES: '2',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:it@lab.example',
      // The push service stands on this machine: the operator allows loopback (issue 38).
      OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8',
    });
    admin = await login(ctx.app, 'admin@demo.lab');
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    await smtp?.stop();
    await pushService?.stop();
  });

  let counter = 0;
  /** A new internal user with an unverified e-mail and mobile, logged in. */
  async function newUser(password = 'Account-test-1!') {
    counter += 1;
    const email = `account.${kind}.${counter}@demo.lab`;
    const phone = `+3361100${kind === 'pglite' ? 1 : 2}${String(counter).padStart(3, '0')}`;
    const created = await call(ctx.app, admin, 'addNewUser', {
      body: {
        user_name: `Account ${counter}`,
        user_email: email,
        user_phone_num: phone,
        user_password: digest(password),
        admin_records: 1,
      },
    });
    expect(created.statusCode).toBe(200);
    return { email, phone, session: await login(ctx.app, email, digest(password)) };
  }

  const as = (session: Session | null) => apiClient(ctx.app, session);
  /** Sends a call raw, signed in or not: the tests read its refusals. */
  const send = (session: Session | null, name: string, body: object) => as(session).send(name, { body });
  const userRow = async (uid: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.admin_uid, uid)))[0];
  const lastSms = async () =>
    (
      await ctx.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.channel, 'sms'))
        .orderBy(desc(outbox.created_at))
        .limit(1)
    )[0];

  it('changes an unverified e-mail through a link sent to the new address, then refuses to change it again', async () => {
    const { session } = await newUser();
    const next = `renamed.${kind}@demo.lab`;
    await as(session).requestEmailChange({ new_email: next, locale: 'en' });
    const mail = smtp.inbox.at(-1);
    expect(mail?.to).toEqual([next]);
    const status = await call(ctx.app, session, 'getAccountStatus');
    expect(status.json()).toMatchObject({ pending_email: next });
    const secret = linkIn(mail, 'verify-email');
    await as(null).verifyEmail({ verification_token: secret });
    const row = await userRow(session.uid);
    expect([row?.user_email, row?.email_verified]).toEqual([next, true]);
    expect(codeOf(await send(null, 'verifyEmail', { verification_token: secret }))).toBe(
      'verificationNotFound',
    );
    // The account logs in with its new address; a verified address cannot change any more.
    await login(ctx.app, next, digest('Account-test-1!'));
    expect(codeOf(await send(session, 'requestEmailChange', { new_email: 'other@demo.lab' }))).toBe(
      'cannotUpdateVerifiedEmail',
    );
  });

  it('refuses an address in use, one another user waits for, and an expired link', async () => {
    const first = await newUser();
    const second = await newUser();
    expect(codeOf(await send(first.session, 'requestEmailChange', { new_email: 'admin@demo.lab' }))).toBe(
      'emailAlreadyInUse',
    );
    expect(
      codeOf(await send(first.session, 'requestEmailChange', { new_email: 'not-an-email' })),
    ).toBeDefined();
    const wanted = `wanted.${kind}@demo.lab`;
    await as(first.session).requestEmailChange({ new_email: wanted });
    expect(codeOf(await send(second.session, 'requestEmailChange', { new_email: wanted }))).toBe(
      'emailPendingVerification',
    );
    const secret = linkIn(smtp.inbox.at(-1), 'verify-email');
    await ageRows(ctx.database, 'auth_challenges', 'expires_at', 2 * 24 * 3600);
    expect(codeOf(await send(null, 'verifyEmail', { verification_token: secret }))).toBe(
      'verificationExpired',
    );
    expect((await userRow(first.session.uid))?.user_email).toBe(first.email);
  });

  it('needs a verified mobile for the SMS code; a new number is verified by an SMS link, then logins ask for the code', async () => {
    const { email, session } = await newUser();
    expect(codeOf(await send(session, 'updateOtp', { otp_enabled: true }))).toBe('missingVerifiedPhone');
    const phone = `+3362200${kind === 'pglite' ? 1 : 2}999`;
    await as(session).requestPhoneChange({ new_phone: phone, locale: 'fr' });
    const sms = await lastSms();
    expect(sms?.recipient).toBe(phone);
    const secret = /verify-phone-number\/([\w-]+)/.exec(sms?.body ?? '')?.[1] ?? '';
    await as(null).verifyPhoneNumber({ verification_token: secret });
    const row = await userRow(session.uid);
    expect([row?.user_phone_num, row?.phone_verified]).toEqual([phone, true]);
    expect(await as(session).updateOtp({ otp_enabled: true })).toEqual({
      otp_enabled: true,
    });
    const attempt = await as(null).login({
      email,
      password: digest('Account-test-1!'),
      auth_machine_id: newMachineId(),
    });
    expect(attempt).toEqual({ otpSent: true });
    // Another account cannot take a verified number.
    const other = await newUser();
    expect(codeOf(await send(other.session, 'requestPhoneChange', { new_phone: phone }))).toBe(
      'phoneAlreadyInUse',
    );
    // Sent raw: the text 'false' is outside the call's typed body, and is read as false.
    expect((await send(session, 'updateOtp', { otp_enabled: 'false' })).json()).toEqual({
      otp_enabled: false,
    });
  });

  it('changes the password with the previous one, ends the other sessions, and throttles wrong attempts', async () => {
    const { email, session } = await newUser('Before-change-1!');
    const other = await login(ctx.app, email, digest('Before-change-1!'));
    const change = (previous: string, next: string) =>
      send(session, 'changePassword', {
        previous_password: digest(previous),
        new_password: digest(next),
      });
    expect(codeOf(await change('Wrong-previous-1!', 'After-change-2!'))).toBe('incorrectCredentials');
    expect(codeOf(await change('Before-change-1!', 'Before-change-1!'))).toBe('invalidPassword');
    expect((await change('Before-change-1!', 'After-change-2!')).statusCode).toBe(200);
    // This session goes on; the other browser's refresh is refused.
    expect((await call(ctx.app, session, 'getUserData')).statusCode).toBe(200);
    const refreshed = await send(null, 'refreshTokens', {
      uid: other.uid,
      auth_machine_id: other.machineId,
      refresh_token: other.refresh_token,
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await call(ctx.app, other, 'getUserData')).statusCode).toBe(401);
    await expect(login(ctx.app, email, digest('Before-change-1!'))).rejects.toThrow('incorrectCredentials');
    await login(ctx.app, email, digest('After-change-2!'));
    // Wrong previous passwords count as failed logins of the account.
    for (let i = 0; i < 3; i += 1) await change('Wrong-previous-1!', 'Third-password-3!');
    expect(codeOf(await change('After-change-2!', 'Third-password-3!'))).toBe('tooManyAttempts');
  });

  it('lists its own open sessions and logs out everywhere', async () => {
    const { email, session } = await newUser();
    const other = await login(ctx.app, email, digest('Account-test-1!'));
    const listed = await call(ctx.app, session, 'getOwnSessions');
    const sessions = listed.json<Array<{ current: boolean; auth_machine_id: string }>>();
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)?.auth_machine_id).toBe(session.machineId);
    expect(await as(session).logoutEverywhere({ keep_current: true })).toEqual({
      ended: 1,
    });
    expect((await call(ctx.app, other, 'getUserData')).statusCode).toBe(401);
    expect((await call(ctx.app, session, 'getOwnSessions')).json()).toHaveLength(1);
    expect(await as(session).logoutEverywhere({})).toEqual({ ended: 1 });
    expect((await call(ctx.app, session, 'getUserData')).statusCode).toBe(401);
  });

  it('keeps a Web Push subscription and sends it an encrypted, VAPID-signed test notification', async () => {
    const { session } = await newUser();
    expect((await call(ctx.app, session, 'getPushKey')).json()).toEqual({
      public_key: vapid.publicKey,
    });
    expect(codeOf(await call(ctx.app, session, 'sendTestPush', { body: {} }))).toBe('noPushSubscription');
    const browserKey = createECDH('prime256v1');
    browserKey.generateKeys();
    const endpoint = `${pushService.url}/push/${kind}-${counter}`;
    const subscribed = await call(ctx.app, session, 'addPushSubscription', {
      body: {
        endpoint,
        p256dh: browserKey.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    });
    expect(subscribed.statusCode).toBe(200);
    expect(await as(session).updateUserPreferences({ notifications: 'push' })).toMatchObject({
      notifications: 'push',
    });
    received.length = 0;
    pushStatus = 201;
    const sent = await call(ctx.app, session, 'sendTestPush', { body: {} });
    expect(sent.json()).toEqual({ sent: 1 });
    expect(received).toHaveLength(1);
    expect(received[0]?.headers['content-encoding']).toBe('aes128gcm');
    expect(received[0]?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(received[0]?.bytes).toBeGreaterThan(0);
    // A subscription the push service says is gone is dropped.
    pushStatus = 410;
    expect((await call(ctx.app, session, 'sendTestPush', { body: {} })).json()).toEqual({
      sent: 0,
    });
    expect(
      await ctx.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.admin_uid, session.uid)),
    ).toEqual([]);
  });

  it("answers the laboratory's contact and accreditation for the information page", async () => {
    const { session } = await newUser();
    const [row] = await ctx.database.db.select().from(users).where(eq(users.admin_uid, session.uid));
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(laboratories)
        .set({
          laboratory_settings: {
            accreditation: 'COFRAC 8-0000, portée disponible sur www.cofrac.fr',
            finess: '750000000',
          },
        })
        .where(eq(laboratories.laboratory_id, row?.laboratory_id ?? '')),
    );
    const answer = await call(ctx.app, session, 'getLaboratoryInformation');
    expect(answer.json()).toMatchObject({
      accreditation: 'COFRAC 8-0000, portée disponible sur www.cofrac.fr',
      finess: '750000000',
      address: null,
      analyses: 0,
    });
  });
});
