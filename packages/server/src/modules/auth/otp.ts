import type { Tokens } from '@sil/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { authChallenges } from '../../db/schema/auth.js';
import type { RequestOrigin, UserRow } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { assertLoginMayProceed } from './accounts.js';
import { type AuthDeps, secondsFromNow, securityEvent } from './deps.js';
import { messagesFor } from './messages.js';
import { randomOtp, sameHash, sha256 } from './secrets.js';
import { openSession } from './sessions.js';

/** Sends a login code by SMS, bound to this browser; any earlier unused code of the user dies. */
export async function sendLoginCode(
  deps: AuthDeps,
  user: UserRow,
  authMachineId: string,
  locale: 'fr' | 'en' | undefined,
  origin: RequestOrigin,
): Promise<void> {
  if (!user.user_phone_num) return fail('missingVerifiedPhone');
  const code = randomOtp();
  await deps.db
    .update(authChallenges)
    .set({ used_at: new Date().toISOString() })
    .where(
      and(
        eq(authChallenges.admin_uid, user.admin_uid),
        eq(authChallenges.purpose, 'otp'),
        isNull(authChallenges.used_at),
      ),
    );
  await deps.db.insert(authChallenges).values({
    admin_uid: user.admin_uid,
    purpose: 'otp',
    secret_hash: sha256(code),
    auth_machine_id: authMachineId,
    expires_at: secondsFromNow(deps.config.OTP_TTL_SECONDS),
  });
  await deps.sms.send(user.user_phone_num, messagesFor(locale ?? user.preferences.locale).otp(code));
  await securityEvent(deps, {
    type: 'otp_sent',
    origin,
    uid: user.admin_uid,
    laboratoryId: user.laboratory_id,
    email: user.user_email,
  });
}

/** Second step of a login: the code sent by SMS, on the browser that asked for it. */
export async function loginWithOtp(
  deps: AuthDeps,
  input: { email: string; auth_machine_id: string; otp_code: string },
  origin: RequestOrigin,
): Promise<Tokens> {
  const { db, config } = deps;
  // The code is asked on the browser that gave the password: the same passage through the ceilings.
  const user = await assertLoginMayProceed(deps, input.email, input.auth_machine_id, origin);
  const [challenge] = user
    ? await db
        .select()
        .from(authChallenges)
        .where(
          and(
            eq(authChallenges.admin_uid, user.admin_uid),
            eq(authChallenges.purpose, 'otp'),
            eq(authChallenges.auth_machine_id, input.auth_machine_id),
            isNull(authChallenges.used_at),
          ),
        )
        .orderBy(desc(authChallenges.created_at))
        .limit(1)
    : [];
  if (!user || !challenge || user.user_disabled) return fail('otpNotFound');
  if (new Date(challenge.expires_at).getTime() <= Date.now()) return fail('otpExpired');
  if (!sameHash(challenge.secret_hash, sha256(input.otp_code))) {
    const attempts = challenge.attempts + 1;
    await db
      .update(authChallenges)
      .set({
        attempts,
        ...(attempts >= config.OTP_MAX_ATTEMPTS ? { used_at: new Date().toISOString() } : {}),
      })
      .where(eq(authChallenges.challenge_id, challenge.challenge_id));
    await deps.throttle.recordFailure(input.email, origin.ip, input.auth_machine_id);
    await securityEvent(deps, {
      type: 'otp_failed',
      origin,
      uid: user.admin_uid,
      laboratoryId: user.laboratory_id,
      email: user.user_email,
    });
    return fail('incorrectOtp', { attempts_left: Math.max(0, config.OTP_MAX_ATTEMPTS - attempts) });
  }
  const consumed = await db
    .update(authChallenges)
    .set({ used_at: new Date().toISOString() })
    .where(and(eq(authChallenges.challenge_id, challenge.challenge_id), isNull(authChallenges.used_at)))
    .returning();
  if (consumed.length === 0) return fail('otpNotFound');
  await deps.throttle.clearAccount(input.email, origin.ip, input.auth_machine_id);
  return openSession(deps, user, input.auth_machine_id, origin);
}
