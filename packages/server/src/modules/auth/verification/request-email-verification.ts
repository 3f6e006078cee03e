import type { Locale } from '@sil/contract';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import type { AuthDeps } from '../deps.js';
import { verificationLink } from './links.js';

/** Sends a link that proves the user reads this mailbox. */
export async function requestEmailVerification(
  deps: AuthDeps,
  caller: Authenticated,
  locale: Locale | undefined,
) {
  if (caller.user.email_verified) fail('alreadyVerified');
  const { text, url } = await verificationLink(deps, caller, 'verify_email', locale);
  await deps.mailer.send({
    to: caller.user.user_email,
    subject: text.verifyEmailSubject,
    text: text.verifyEmail(url),
  });
}
