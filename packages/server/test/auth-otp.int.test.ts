import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSmsSender } from '../src/adapters/sms.js';
import { outbox } from '../src/db/schema/index.js';
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

describe.each(DATABASES)('SMS one-time password on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  const email = 'otp.user@demo.lab';
  const password = digest('Otp-user-2026!');

  beforeAll(async () => {
    ctx = await startTestApp(kind, { OTP_MAX_ATTEMPTS: '3' });
    admin = await login(ctx.app, 'admin@demo.lab');
    const created = await call(ctx.app, admin, 'addNewUser', {
      body: {
        user_name: 'Otp User',
        user_email: email,
        user_phone_num: '+33612345678',
        user_password: password,
        otp_enabled: true,
        admin_records: 1,
      },
    });
    expect(created.statusCode).toBe(200);
  });
  afterAll(() => stopTestApp(ctx));

  const startLogin = (machineId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password, auth_machine_id: machineId, locale: 'en' },
    });
  const sendCode = (machineId: string, otp_code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login-with-otp',
      payload: { email, auth_machine_id: machineId, otp_code },
    });
  const lastSmsCode = async () => {
    const [sms] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.channel, 'sms'))
      .orderBy(desc(outbox.created_at))
      .limit(1);
    expect(sms?.recipient).toBe('+33612345678');
    return /\d{6}/.exec(sms?.body ?? '')?.[0] ?? '';
  };

  it('asks for the code, sends it by SMS in the user language, and logs in with it once', async () => {
    const machineId = newMachineId();
    const first = await startLogin(machineId);
    expect(first.json()).toEqual({ otpSent: true });
    const code = await lastSmsCode();
    expect(code).toMatch(/^\d{6}$/);
    const [sms] = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.created_at)).limit(1);
    expect(sms?.body).toContain('Your login code');

    const tokens = await sendCode(machineId, code);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toHaveProperty('access_token');
    expect(codeOf(await sendCode(machineId, code))).toBe('otpNotFound');
  });

  it('refuses a code that was not requested, or requested from another browser', async () => {
    expect(codeOf(await sendCode(newMachineId(), '123456'))).toBe('otpNotFound');
    const machineId = newMachineId();
    await startLogin(machineId);
    expect(codeOf(await sendCode(newMachineId(), await lastSmsCode()))).toBe('otpNotFound');
  });

  it('counts wrong codes and forgets the code after the last allowed attempt', async () => {
    const machineId = newMachineId();
    await startLogin(machineId);
    const code = await lastSmsCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const firstWrong = await sendCode(machineId, wrong);
    expect([firstWrong.statusCode, firstWrong.json()]).toEqual([
      401,
      { code: 'incorrectOtp', details: { attempts_left: 2 } },
    ]);
    await sendCode(machineId, wrong);
    await sendCode(machineId, wrong);
    expect(codeOf(await sendCode(machineId, code))).toBe('otpNotFound');
  });

  it('refuses an expired code', async () => {
    const machineId = newMachineId();
    await startLogin(machineId);
    const code = await lastSmsCode();
    await ageRows(ctx.database, 'auth_challenges', 'expires_at', 301);
    expect(codeOf(await sendCode(machineId, code))).toBe('otpExpired');
  });

  it('refuses a code that is not six digits', async () => {
    expect(codeOf(await sendCode(newMachineId(), '12345'))).toBe('incorrectType');
  });
});

describe('HTTP SMS gateway adapter', () => {
  let gateway: Awaited<ReturnType<typeof startLocalEndpoint>>;
  const received: Array<{ auth: string | undefined; body: unknown }> = [];
  beforeAll(async () => {
    gateway = await startLocalEndpoint('/sms', (body, request, response) => {
      received.push({ auth: request.headers.authorization, body: JSON.parse(body) });
      response.statusCode = received.length > 1 ? 503 : 202;
      response.end();
    });
  });
  afterAll(() => gateway.stop());

  it('posts the message with its token, and fails when the gateway refuses', async () => {
    const sender = httpSmsSender(gateway.url, 'secret-token', 'LABO');
    await sender.send('+33612345678', 'Votre code : 123456');
    expect(received[0]).toEqual({
      auth: 'Bearer secret-token',
      body: { from: 'LABO', to: '+33612345678', text: 'Votre code : 123456' },
    });
    await expect(sender.send('+33612345678', 'again')).rejects.toThrow('503');
  });
});
