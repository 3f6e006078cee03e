import type { Locale } from '@sil/contract';
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { authChallenges } from '../../../db/schema/auth.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { linkTo } from '../accounts.js';
import { issueLink } from '../challenges.js';
import type { AuthDeps } from '../deps.js';
import { messagesFor } from '../messages.js';

export type Purpose = 'verify_email' | 'verify_phone';

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
export async function verificationLink(
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

/** True when another user waits for a link that brings this value in. */
export async function pendingElsewhere(deps: AuthDeps, uid: string, purpose: Purpose, value: string) {
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
