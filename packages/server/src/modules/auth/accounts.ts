import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
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

/** Refuses a login attempt (password or code) while the account or the address is throttled. */
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
