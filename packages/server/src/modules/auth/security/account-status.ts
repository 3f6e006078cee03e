import type { AccountStatus } from '@sil/contract';
import { and, count, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { authChallenges, pushSubscriptions } from '../../../db/schema/auth.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import type { AuthDeps } from '../deps.js';
import { pscConfigured } from '../psc/provider.js';

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
