import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Throttle, throttleLimits } from '../src/modules/auth/throttle.js';
import {
  ageRows,
  codeOf,
  DATABASES,
  DEMO_DIGEST,
  digest,
  newMachineId,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

const LAB_ADDRESS = '10.20.0.1';

/** Login throttling slows an attacker without locking a laboratory out (finding 7). */
describe.each(DATABASES)('login throttling on %s', (kind) => {
  let ctx: TestContext;
  let throttle: Throttle;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    throttle = new Throttle(ctx.database.db, throttleLimits(ctx.config));
  });
  afterAll(() => stopTestApp(ctx));

  const attempt = (email: string, password: string, ip = LAB_ADDRESS) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip,
      payload: { email, password, auth_machine_id: newMachineId() },
    });

  it('makes each further try of one account from one address wait twice as long', async () => {
    const wrong = () => attempt('biologiste@demo.lab', digest('guess'));
    for (let i = 0; i < 5; i++) expect(codeOf(await wrong())).toBe('incorrectCredentials');
    const first = await wrong();
    expect([first.statusCode, codeOf(first), first.json().details.retry_after]).toEqual([
      429,
      'tooManyAttempts',
      1,
    ]);
    expect(first.headers['retry-after']).toBe('1');
    // Once the wait is over, the next failure counts and the wait doubles.
    await ageRows(ctx.database, 'auth_failures', 'failed_at', 1);
    expect(codeOf(await wrong())).toBe('incorrectCredentials');
    expect((await wrong()).json().details.retry_after).toBe(2);
    // Even the right password waits: the attacker may be the one who found it.
    expect(codeOf(await attempt('biologiste@demo.lab', DEMO_DIGEST))).toBe('tooManyAttempts');
  });

  it('lets a colleague behind the same address in after 30 failures of an attacker', async () => {
    for (let i = 0; i < 30; i++) await throttle.recordFailure('secretariat@demo.lab', LAB_ADDRESS);
    expect(codeOf(await attempt('secretariat@demo.lab', digest('again')))).toBe('tooManyAttempts');
    expect((await attempt('technicien@demo.lab', DEMO_DIGEST)).statusCode).toBe(200);
    // The same account from another address has its own, untouched, count.
    expect((await attempt('secretariat@demo.lab', DEMO_DIGEST, '10.20.0.2')).statusCode).toBe(200);
  });

  it('refuses an account after 100 failures in an hour, whatever the addresses', async () => {
    const email = 'clinique@demo.lab';
    for (let i = 0; i < 99; i++)
      await throttle.recordFailure(email, `10.30.${Math.floor(i / 200)}.${i % 200}`);
    expect((await attempt(email, DEMO_DIGEST, '10.31.0.1')).statusCode).toBe(200);
    expect(codeOf(await attempt(email, digest('wrong'), '10.31.0.2'))).toBe('incorrectCredentials');
    const refused = await attempt(email, DEMO_DIGEST, '10.31.0.3');
    expect(codeOf(refused)).toBe('tooManyAttempts');
    expect(refused.json().details.retry_after).toBeGreaterThan(3500);
    // An hour later the failures have aged out.
    await ageRows(ctx.database, 'auth_failures', 'failed_at', 3600);
    expect((await attempt(email, DEMO_DIGEST, '10.31.0.3')).statusCode).toBe(200);
  });
});
