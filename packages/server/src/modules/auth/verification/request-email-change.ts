import type { Locale } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/users.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import type { AuthDeps } from '../deps.js';
import { pendingElsewhere, verificationLink } from './links.js';
import { requestEmailVerification } from './request-email-verification.js';

/**
 * A new e-mail address (spec.md §5): refused once the account's address is verified; the link goes
 * to the new address and the account takes it when the link comes back.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  caller: Authenticated,
  newEmail: string,
  locale: Locale | undefined,
) {
  if (caller.user.email_verified) return fail('cannotUpdateVerifiedEmail');
  const uid = caller.user.admin_uid;
  if (newEmail === caller.user.user_email) return requestEmailVerification(deps, caller, locale);
  const [taken] = await deps.db
    .select({ uid: users.admin_uid })
    .from(users)
    .where(eq(users.user_email, newEmail));
  if (taken) return fail('emailAlreadyInUse');
  if (await pendingElsewhere(deps, uid, 'verify_email', newEmail)) return fail('emailPendingVerification');
  const { text, url } = await verificationLink(deps, caller, 'verify_email', locale, newEmail);
  await deps.mailer.send({ to: newEmail, subject: text.verifyEmailSubject, text: text.verifyEmail(url) });
}
