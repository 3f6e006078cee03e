import type { Locale } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.js';
import type { RequestOrigin } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { findUserByEmail, linkTo, userById } from './accounts.js';
import { consumeLink, issueLink } from './challenges.js';
import { type AuthDeps, securityEvent } from './deps.js';
import { messagesFor } from './messages.js';
import { hashPassword } from './secrets.js';
import { revokeAllSessions } from './sessions.js';

/** Answers the same whether or not the address exists, so that it reveals nothing. */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  locale: Locale | undefined,
  origin: RequestOrigin,
) {
  const retryAfter = await deps.throttle.retryAfter(null, origin.ip);
  if (retryAfter > 0) fail('tooManyAttempts', { retry_after: retryAfter });
  const user = await findUserByEmail(deps, email);
  await securityEvent(deps, { type: 'password_reset_requested', origin, uid: user?.admin_uid, email });
  if (!user || user.user_disabled) {
    await deps.throttle.recordFailure(null, origin.ip);
    return { sent: true as const };
  }
  const userLocale = locale ?? user.preferences.locale ?? 'fr';
  const secret = await issueLink(deps.db, user.admin_uid, 'reset', deps.config.RESET_TTL_SECONDS);
  const text = messagesFor(userLocale);
  await deps.mailer.send({
    to: user.user_email,
    subject: text.resetSubject,
    text: text.reset(linkTo(deps, userLocale, 'reset-password', secret)),
  });
  return { sent: true as const };
}

/** A new password from a reset (or invitation) link; every open session of the user ends. */
export async function resetPassword(
  deps: AuthDeps,
  secret: string,
  newPasswordDigest: string,
  origin: RequestOrigin,
) {
  const uid = await consumeLink(deps.db, secret, 'reset');
  const passwordHash = await hashPassword(newPasswordDigest);
  const user = await userById(deps, uid);
  await writeTransaction(
    deps.db,
    { uid, laboratoryId: user.laboratory_id },
    // Following the link proves the user reads this mailbox.
    (tx) =>
      tx
        .update(users)
        .set({ password_hash: passwordHash, email_verified: true })
        .where(eq(users.admin_uid, uid)),
    { comment: 'password reset' },
  );
  await revokeAllSessions(deps.db, uid, 'password reset');
  await securityEvent(deps, { type: 'password_reset', origin, uid, laboratoryId: user.laboratory_id });
}
