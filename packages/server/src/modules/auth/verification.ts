import type { Locale } from '@sil/contract';
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { authChallenges } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { linkTo, userById } from './accounts.js';
import { consumeLinkWithValue, issueLink } from './challenges.js';
import type { AuthDeps } from './deps.js';
import { messagesFor } from './messages.js';

type Purpose = 'verify_email' | 'verify_phone';

/** Links of one kind a user may ask for in an hour: each costs an e-mail or an SMS. */
const LINKS_PER_HOUR = 5;

async function assertLinkBudget(deps: AuthDeps, uid: string, purpose: Purpose) {
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const [row] = await deps.db
    .select({ n: count() })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.admin_uid, uid),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.created_at, since),
      ),
    );
  if ((row?.n ?? 0) >= LINKS_PER_HOUR) fail('tooManyAttempts', { retry_after: 3600 });
}

/** A fresh single-use link to a verification page, in the language the user reads. */
async function verificationLink(
  deps: AuthDeps,
  caller: Authenticated,
  purpose: Purpose,
  locale: Locale | undefined,
  pendingValue?: string,
) {
  await assertLinkBudget(deps, caller.user.admin_uid, purpose);
  const userLocale = locale ?? caller.user.preferences.locale ?? 'fr';
  const ttl = deps.config.VERIFICATION_TTL_SECONDS;
  const secret = await issueLink(deps.db, caller.user.admin_uid, purpose, ttl, pendingValue);
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

/** True when another user waits for a link that brings this value in. */
async function pendingElsewhere(deps: AuthDeps, uid: string, purpose: Purpose, value: string) {
  const [row] = await deps.db
    .select({ n: count() })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.purpose, purpose),
        eq(authChallenges.pending_value, value),
        ne(authChallenges.admin_uid, uid),
        isNull(authChallenges.used_at),
        gt(authChallenges.expires_at, new Date().toISOString()),
      ),
    );
  return (row?.n ?? 0) > 0;
}

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

/** A new mobile number: the SMS link goes to it, and the account takes it when the link comes back. */
export async function requestPhoneChange(
  deps: AuthDeps,
  caller: Authenticated,
  newPhone: string,
  locale: Locale | undefined,
) {
  const uid = caller.user.admin_uid;
  if (newPhone === caller.user.user_phone_num) {
    if (caller.user.phone_verified) return fail('alreadyVerified');
    return requestPhoneVerification(deps, caller, locale);
  }
  const [taken] = await deps.db
    .select({ uid: users.admin_uid })
    .from(users)
    .where(and(eq(users.user_phone_num, newPhone), eq(users.phone_verified, true), ne(users.admin_uid, uid)));
  if (taken || (await pendingElsewhere(deps, uid, 'verify_phone', newPhone)))
    return fail('phoneAlreadyInUse');
  const { text, url } = await verificationLink(deps, caller, 'verify_phone', locale, newPhone);
  await deps.sms.send(newPhone, text.verifyPhone(url));
}

/**
 * Marks the address or the number verified when its link comes back; a link that brings a new
 * value puts it in the account first (a number still used for SMS codes changes only now).
 */
export async function verify(deps: AuthDeps, secret: string, what: 'email' | 'phone') {
  const { uid, pendingValue } = await consumeLinkWithValue(
    deps.db,
    secret,
    what === 'email' ? 'verify_email' : 'verify_phone',
  );
  const user = await userById(deps, uid);
  const actor = { uid, laboratoryId: user.laboratory_id };
  if (what === 'email') {
    if (pendingValue === null && user.email_verified) return fail('alreadyVerified');
    if (pendingValue !== null && user.email_verified) return fail('cannotUpdateVerifiedEmail');
    await writeTransaction(deps.db, actor, async (tx) => {
      if (pendingValue !== null) {
        const [taken] = await tx
          .select({ uid: users.admin_uid })
          .from(users)
          .where(and(eq(users.user_email, pendingValue), ne(users.admin_uid, uid)));
        if (taken) fail('emailAlreadyInUse');
      }
      await tx
        .update(users)
        .set({ email_verified: true, ...(pendingValue !== null ? { user_email: pendingValue } : {}) })
        .where(eq(users.admin_uid, uid));
    });
    return;
  }
  if (pendingValue === null && user.phone_verified) return fail('alreadyVerified');
  await writeTransaction(deps.db, actor, async (tx) => {
    if (pendingValue !== null) {
      const [taken] = await tx
        .select({ uid: users.admin_uid })
        .from(users)
        .where(
          and(
            eq(users.user_phone_num, pendingValue),
            eq(users.phone_verified, true),
            ne(users.admin_uid, uid),
          ),
        );
      if (taken) fail('phoneAlreadyInUse');
    }
    await tx
      .update(users)
      .set({ phone_verified: true, ...(pendingValue !== null ? { user_phone_num: pendingValue } : {}) })
      .where(eq(users.admin_uid, uid));
  });
}
