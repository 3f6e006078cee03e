import type { Locale } from '@sil/contract';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import type { AuthDeps } from '../deps.js';
import { verificationLink } from './links.js';

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
