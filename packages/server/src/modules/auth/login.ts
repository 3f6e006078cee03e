import type { LoginAnswer } from '@sil/contract';
import type { RequestOrigin, UserRow } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { assertNotThrottled, findUserByEmail } from './accounts.js';
import { type AuthDeps, securityEvent } from './deps.js';
import { sendLoginCode } from './otp.js';
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
  email: string,
  origin: RequestOrigin,
  user: UserRow | undefined,
  detail: string,
) {
  await deps.throttle.recordFailure(email, origin.ip);
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
  await assertNotThrottled(deps, input.email, origin);
  const user = await findUserByEmail(deps, input.email);
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password.toLowerCase());
  if (!user || !passwordOk) return refuseLogin(deps, input.email, origin, user, 'wrong e-mail or password');
  if (user.user_disabled) return refuseLogin(deps, input.email, origin, user, 'account disabled');
  await deps.throttle.clearAccount(input.email, origin.ip);
  if (!user.otp_enabled) return openSession(deps, user, input.auth_machine_id, origin);
  await sendLoginCode(deps, user, input.auth_machine_id, input.locale, origin);
  return { otpSent: true };
}
