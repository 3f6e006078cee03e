import { sql } from 'drizzle-orm';
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

  const attempt = (email: string, password: string, ip = LAB_ADDRESS, machineId = newMachineId()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip,
      payload: { email, password, auth_machine_id: machineId },
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

  /**
   * Issue 38: the hourly ceilings no longer lock the owner out. A browser the account logged in
   * from passes them with the right password; any other browser meets them as before, without
   * its password even being checked.
   */
  it('lets the owner in from a browser it logged in from while strangers hold its hourly ceiling', async () => {
    const email = 'prescripteur@demo.lab';
    const owners = newMachineId();
    expect((await attempt(email, DEMO_DIGEST, '10.50.0.1', owners)).statusCode).toBe(200);
    // A botnet: 100 failures on the e-mail from 100 addresses.
    for (let i = 0; i < 100; i++) await throttle.recordFailure(email, `10.51.0.${i}`);
    // A new browser, even with the right password, waits as before: it may be the attacker's.
    const stranger = await attempt(email, DEMO_DIGEST, '10.50.0.2');
    expect([stranger.statusCode, codeOf(stranger)]).toEqual([429, 'tooManyAttempts']);
    expect(codeOf(await attempt(email, digest('guess'), '10.50.0.2'))).toBe('tooManyAttempts');
    // The owner's browser, from home or the practice, is let in.
    expect((await attempt(email, DEMO_DIGEST, '10.50.0.3', owners)).statusCode).toBe(200);
    // Its wrong passwords count, under the browser whatever the address: a stolen machine id buys
    // a few tries, then waits like anyone else, the right password included.
    for (let i = 0; i < 5; i++)
      expect(codeOf(await attempt(email, digest('typo'), `10.52.0.${i}`, owners))).toBe(
        'incorrectCredentials',
      );
    const spent = await attempt(email, DEMO_DIGEST, '10.52.0.9', owners);
    expect([spent.statusCode, codeOf(spent)]).toEqual([429, 'tooManyAttempts']);
  });

  it('lets colleagues behind an address that made 1,000 failures in from their browsers', async () => {
    const shared = '10.60.0.1';
    const admins = newMachineId();
    expect((await attempt('admin@demo.lab', DEMO_DIGEST, '10.60.0.2', admins)).statusCode).toBe(200);
    // Password spraying from the laboratory's own address (a compromised workstation, say).
    for (let i = 0; i < 1000; i++) await throttle.recordFailure(null, shared);
    expect(codeOf(await attempt('admin@demo.lab', DEMO_DIGEST, shared))).toBe('tooManyAttempts');
    expect((await attempt('admin@demo.lab', DEMO_DIGEST, shared, admins)).statusCode).toBe(200);
    // A browser whose refresh token was replayed (its tokens, machine id included, were copied)
    // is vouched for no more.
    await ctx.database.db.execute(
      sql`UPDATE auth_sessions SET revoke_reason = 'refresh token reuse', revoked_at = now()
           WHERE auth_machine_id = ${admins}`,
    );
    expect(codeOf(await attempt('admin@demo.lab', DEMO_DIGEST, shared, admins))).toBe('tooManyAttempts');
  });
});
