import type { LoginAnswer } from '@sil/contract';
import type { RequestOrigin, UserRow } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { assertLoginMayProceed, findUserByEmail } from './accounts.js';
import { consumeLink } from './challenges.js';
import { type AuthDeps, securityEvent } from './deps.js';
import { sendLoginCode } from './otp.js';
import { SSO_TICKET_PREFIX } from './psc/provider.js';
import { verifyPassword } from './secrets.js';
import { openSession } from './sessions.js';

export interface LoginInput {
  email: string;
  auth_machine_id: string;
  password: string;
  locale?: 'fr' | 'en';
}

/** A wrong password and a disabled account fail alike, so that a login reveals neither. */
async function refuseLogin(
  deps: AuthDeps,
  { email, auth_machine_id }: LoginInput,
  origin: RequestOrigin,
  user: UserRow | undefined,
  detail: string,
) {
  // Counted under the browser too: a stolen machine id buys no more than a few tries (throttle.ts).
  await deps.throttle.recordFailure(email, origin.ip, auth_machine_id);
  await securityEvent(deps, {
    type: 'login_failed',
    origin,
    uid: user?.admin_uid,
    laboratoryId: user?.laboratory_id,
    email,
    detail,
  });
  return fail('incorrectCredentials');
}

/** First step of a login: the password; then a session, or a code by SMS when the account asks for one. */
export async function login(deps: AuthDeps, input: LoginInput, origin: RequestOrigin): Promise<LoginAnswer> {
  // Before the password is checked: a try held by the hourly ceilings (unless from a browser this
  // account logged in from) or by this address's delay learns nothing of it (throttle.ts, decision 0024).
  const user = await assertLoginMayProceed(deps, input.email, input.auth_machine_id, origin);
  if (input.password.startsWith(SSO_TICKET_PREFIX)) return loginWithSsoTicket(deps, input, origin);
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password.toLowerCase());
  if (!user || !passwordOk) return refuseLogin(deps, input, origin, user, 'wrong e-mail or password');
  if (user.user_disabled) return refuseLogin(deps, input, origin, user, 'account disabled');
  await deps.throttle.clearAccount(input.email, origin.ip, input.auth_machine_id);
  if (!user.otp_enabled) return openSession(deps, user, input.auth_machine_id, origin);
  await sendLoginCode(deps, user, input.auth_machine_id, input.locale, origin);
  return { otpSent: true };
}

/**
 * The single sign-on's second half (spec.md §7): the value /get-psc-user answered, once, for its
 * account. The provider's eIDAS level stands in for the SMS code.
 */
async function loginWithSsoTicket(deps: AuthDeps, input: LoginInput, origin: RequestOrigin) {
  const user = await findUserByEmail(deps, input.email);
  const secret = input.password.slice(SSO_TICKET_PREFIX.length);
  const uid = user && secret ? await consumeLink(deps.db, secret, 'sso_login').catch(() => null) : null;
  if (!user || uid !== user.admin_uid)
    return refuseLogin(deps, input, origin, user, 'invalid single sign-on value');
  if (user.user_disabled || !user.psc_subject) {
    return refuseLogin(deps, input, origin, user, 'account disabled or no longer linked');
  }
  await deps.throttle.clearAccount(input.email, origin.ip, input.auth_machine_id);
  await securityEvent(deps, {
    type: 'sso_login',
    origin,
    uid: user.admin_uid,
    laboratoryId: user.laboratory_id,
    email: user.user_email,
    detail: `Pro Santé Connect ${user.psc_subject}`,
  });
  return openSession(deps, user, input.auth_machine_id, origin);
}
