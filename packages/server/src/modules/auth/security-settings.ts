import type { AccountStatus, OwnSession } from '@sil/contract';
import { and, count, desc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import { authChallenges, authSessions, pushSubscriptions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';
import { type Authenticated, actorOf, type RequestOrigin } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertNotThrottled } from './accounts.js';
import { type AuthDeps, securityEvent } from './deps.js';
import { pscConfigured } from './psc/provider.js';
import { hashPassword, verifyPassword } from './secrets.js';
import { sessionIsLive } from './sessions.js';

const eventOf = (caller: Authenticated, origin: RequestOrigin) => ({
  origin,
  uid: caller.user.admin_uid,
  laboratoryId: caller.user.laboratory_id,
  email: caller.user.user_email,
});

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

/** The user's sessions still open (not revoked, expired or idle), newest first. */
export async function ownSessions(deps: AuthDeps, caller: Authenticated): Promise<OwnSession[]> {
  const rows = await deps.db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.admin_uid, caller.user.admin_uid), isNull(authSessions.revoked_at)))
    .orderBy(desc(authSessions.last_used_at))
    .limit(200);
  return rows
    .filter((session) => sessionIsLive(deps, session, caller.user))
    .map((session) => ({
      session_id: session.session_id,
      auth_machine_id: session.auth_machine_id,
      created_at: session.created_at,
      last_used_at: session.last_used_at,
      current: session.session_id === caller.session.session_id,
    }));
}

/** 'Log out everywhere': every session of the user ends, or every other one. */
export async function logoutEverywhere(
  deps: AuthDeps,
  caller: Authenticated,
  keepCurrent: boolean,
  origin: RequestOrigin,
) {
  const ended = await deps.db
    .update(authSessions)
    .set({ revoked_at: new Date().toISOString(), revoke_reason: 'logout everywhere' })
    .where(
      and(
        eq(authSessions.admin_uid, caller.user.admin_uid),
        isNull(authSessions.revoked_at),
        ...(keepCurrent ? [ne(authSessions.session_id, caller.session.session_id)] : []),
      ),
    )
    .returning({ id: authSessions.session_id });
  await securityEvent(deps, {
    type: 'logout_everywhere',
    ...eventOf(caller, origin),
    detail: `${ended.length} session(s)${keepCurrent ? ', this one kept' : ''}`,
  });
  return { ended: ended.length };
}

/** What the account and security pages show beyond the user data. */
export async function accountStatus(deps: AuthDeps, caller: Authenticated): Promise<AccountStatus> {
  const uid = caller.user.admin_uid;
  const pending = async (purpose: 'verify_email' | 'verify_phone') => {
    const [row] = await deps.db
      .select({ value: authChallenges.pending_value })
      .from(authChallenges)
      .where(
        and(
          eq(authChallenges.admin_uid, uid),
          eq(authChallenges.purpose, purpose),
          isNotNull(authChallenges.pending_value),
          isNull(authChallenges.used_at),
          gt(authChallenges.expires_at, new Date().toISOString()),
        ),
      )
      .orderBy(desc(authChallenges.created_at))
      .limit(1);
    return row?.value ?? null;
  };
  const [subscriptions] = await deps.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.admin_uid, uid));
  return {
    pending_email: await pending('verify_email'),
    pending_phone: await pending('verify_phone'),
    psc_linked: caller.user.psc_subject !== null,
    psc_linked_at: caller.user.psc_linked_at,
    psc_configured: pscConfigured(deps.config),
    push_configured: Boolean(deps.config.VAPID_PUBLIC_KEY && deps.config.VAPID_PRIVATE_KEY),
    push_subscriptions: subscriptions?.n ?? 0,
  };
}
