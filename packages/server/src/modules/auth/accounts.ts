import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.js';
import type { RequestOrigin, UserRow } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { type AuthDeps, securityEvent } from './deps.js';

/** The account a login names; undefined when nobody has this address. */
export async function findUserByEmail(deps: AuthDeps, email: string): Promise<UserRow | undefined> {
  const [user] = await deps.db.select().from(users).where(eq(users.user_email, email));
  return user;
}

/** The account a link was issued to. */
export async function userById(deps: AuthDeps, uid: string): Promise<UserRow> {
  const [user] = await deps.db.select().from(users).where(eq(users.admin_uid, uid));
  return user ?? fail('userNotFound');
}

/**
 * A login attempt (password or code) of `email` from browser `machineId`, refused while it must
 * wait: the growing delay of this account from this address always (the attacker's own failures,
 * whoever they are); the hourly ceilings per account and per address unless the browser is one the
 * account has logged in from and has not failed too often itself, so that a flood of failures from
 * elsewhere does not lock its owner out (docs/decisions/0024-throttling-known-devices.md). Answers
 * the account, found before the verdict so that known and unknown e-mails take the same steps.
 */
export async function assertLoginMayProceed(
  deps: AuthDeps,
  email: string,
  machineId: string,
  origin: RequestOrigin,
): Promise<UserRow | undefined> {
  const user = await findUserByEmail(deps, email);
  const { ownDelay, ceilings, deviceDelay } = await deps.throttle.state(email, origin.ip, machineId);
  let wait = ownDelay;
  if (wait === 0 && ceilings > 0) {
    // Only then is the browser asked about: the password is not checked when it is refused.
    const vouched =
      deviceDelay === 0 && (await deps.throttle.knownDevice(user?.admin_uid ?? null, machineId));
    if (!vouched) wait = ceilings;
  }
  if (wait > 0) {
    await securityEvent(deps, { type: 'login_throttled', origin, email });
    fail('tooManyAttempts', { retry_after: wait });
  }
  return user;
}

/** Refuses an attempt (a password confirmation) while the account or the address is throttled. */
export async function assertNotThrottled(deps: AuthDeps, email: string, origin: RequestOrigin) {
  const retryAfter = await deps.throttle.retryAfter(email, origin.ip);
  if (retryAfter > 0) {
    await securityEvent(deps, { type: 'login_throttled', origin, email });
    fail('tooManyAttempts', { retry_after: retryAfter });
  }
}

/** The address of a page of the web app that consumes a single-use link. */
export const linkTo = (deps: AuthDeps, locale: string, page: string, secret: string) =>
  `${deps.config.publicUrl}/${locale}/${page}/${secret}`;
