import { and, eq, isNull, ne } from 'drizzle-orm';
import { authSessions } from '../../../db/schema/auth.js';
import type { Authenticated, RequestOrigin } from '../../../lib/auth-context.js';
import { type AuthDeps, securityEvent } from '../deps.js';
import { eventOf } from './event-of.js';

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
