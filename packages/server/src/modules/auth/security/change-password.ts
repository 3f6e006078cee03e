import { and, eq, isNull, ne } from 'drizzle-orm';
import { authSessions } from '../../../db/schema/auth.js';
import { users } from '../../../db/schema/users.js';
import { type Authenticated, actorOf, type RequestOrigin } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertNotThrottled } from '../accounts.js';
import { type AuthDeps, securityEvent } from '../deps.js';
import { hashPassword, verifyPassword } from '../secrets.js';
import { eventOf } from './event-of.js';

/**
 * A new password for the logged-in user (spec.md §2 'Security'): the previous one is checked under
 * the login throttling; the policy of spec.md §5 is checked in the browser, which sends digests only.
 * The user's other sessions end; this one stays.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: Authenticated,
  input: { previous_password: string; new_password: string },
  origin: RequestOrigin,
) {
  const { user } = caller;
  await assertNotThrottled(deps, user.user_email, origin);
  if (!(await verifyPassword(user.password_hash, input.previous_password))) {
    await deps.throttle.recordFailure(user.user_email, origin.ip);
    await securityEvent(deps, { type: 'password_change_failed', ...eventOf(caller, origin) });
    return fail('incorrectCredentials');
  }
  if (input.new_password === input.previous_password) return fail('invalidPassword');
  await deps.throttle.clearAccount(user.user_email, origin.ip);
  const passwordHash = await hashPassword(input.new_password);
  await writeTransaction(
    deps.db,
    actorOf(caller),
    async (tx) => {
      await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.admin_uid, user.admin_uid));
      await tx
        .update(authSessions)
        .set({ revoked_at: new Date().toISOString(), revoke_reason: 'password changed' })
        .where(
          and(
            eq(authSessions.admin_uid, user.admin_uid),
            isNull(authSessions.revoked_at),
            ne(authSessions.session_id, caller.session.session_id),
          ),
        );
    },
    { comment: 'password changed' },
  );
  await securityEvent(deps, { type: 'password_changed', ...eventOf(caller, origin) });
}
