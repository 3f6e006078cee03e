import type { OwnSession } from '@sil/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { authSessions } from '../../../db/schema/auth.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import type { AuthDeps } from '../deps.js';
import { sessionIsLive } from '../sessions.js';

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
