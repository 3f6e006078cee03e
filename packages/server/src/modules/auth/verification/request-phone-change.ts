import type { Locale } from '@sil/contract';
import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../../db/schema/users.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import type { AuthDeps } from '../deps.js';
import { pendingElsewhere, verificationLink } from './links.js';
import { requestPhoneVerification } from './request-phone-verification.js';

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
