import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/users.js';
import { type Authenticated, actorOf, type RequestOrigin } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { type AuthDeps, securityEvent } from '../deps.js';
import { eventOf } from './event-of.js';

/** The SMS code at login (spec.md §5): only with a verified mobile number. */
export async function updateOtp(
  deps: AuthDeps,
  caller: Authenticated,
  enabled: boolean,
  origin: RequestOrigin,
) {
  if (enabled && !(caller.user.user_phone_num && caller.user.phone_verified)) {
    return fail('missingVerifiedPhone');
  }
  await writeTransaction(deps.db, actorOf(caller), (tx) =>
    tx.update(users).set({ otp_enabled: enabled }).where(eq(users.admin_uid, caller.user.admin_uid)),
  );
  await securityEvent(deps, {
    type: enabled ? 'otp_enabled' : 'otp_disabled',
    ...eventOf(caller, origin),
  });
  return { otp_enabled: enabled };
}
