import type { Locale } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { linkTo, userById } from './accounts.js';
import { consumeLink, issueLink } from './challenges.js';
import type { AuthDeps } from './deps.js';
import { messagesFor } from './messages.js';

/** A fresh single-use link to a verification page, in the language the user reads. */
async function verificationLink(
  deps: AuthDeps,
  caller: Authenticated,
  purpose: 'verify_email' | 'verify_phone',
  locale: Locale | undefined,
) {
  const userLocale = locale ?? caller.user.preferences.locale ?? 'fr';
  const ttl = deps.config.VERIFICATION_TTL_SECONDS;
  const secret = await issueLink(deps.db, caller.user.admin_uid, purpose, ttl);
  const page = purpose === 'verify_email' ? 'verify-email' : 'verify-phone-number';
  return { text: messagesFor(userLocale), url: linkTo(deps, userLocale, page, secret) };
}

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

/** Sends by SMS a link that proves the user holds this mobile phone. */
export async function requestPhoneVerification(
  deps: AuthDeps,
  caller: Authenticated,
  locale: Locale | undefined,
) {
  if (!caller.user.user_phone_num) return fail('incorrectPhone');
  if (caller.user.phone_verified) fail('alreadyVerified');
  const { text, url } = await verificationLink(deps, caller, 'verify_phone', locale);
  await deps.sms.send(caller.user.user_phone_num, text.verifyPhone(url));
}

/** Marks the address or the number verified when its link comes back. */
export async function verify(deps: AuthDeps, secret: string, what: 'email' | 'phone') {
  const uid = await consumeLink(deps.db, secret, what === 'email' ? 'verify_email' : 'verify_phone');
  const user = await userById(deps, uid);
  const column = what === 'email' ? 'email_verified' : 'phone_verified';
  if (user[column]) fail('alreadyVerified');
  await writeTransaction(deps.db, { uid, laboratoryId: user.laboratory_id }, (tx) =>
    tx
      .update(users)
      .set({ [column]: true })
      .where(eq(users.admin_uid, uid)),
  );
}
