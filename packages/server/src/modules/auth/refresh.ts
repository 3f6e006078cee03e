import type { Rights } from '@sil/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { authSessions } from '../../db/schema/auth.js';
import type { RequestOrigin } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { rightsOf } from '../users/index.js';
import { type AuthDeps, securityEvent } from './deps.js';
import { randomSecret, sameHash, sha256 } from './secrets.js';
import { sessionWithUser } from './session-rows.js';
import { revokeSession, sessionIsLive, splitRefreshToken } from './sessions.js';

/**
 * A new access token for a live session, and a new refresh token in place of the one presented
 * (rotation): a refresh token works once, so a copy that comes back later gives itself away.
 */
export async function refresh(
  deps: AuthDeps,
  input: { uid: string; auth_machine_id: string; refresh_token: string },
  origin: RequestOrigin,
): Promise<{ access_token: string; refresh_token: string; rights: Rights }> {
  const { db } = deps;
  const { sessionId, secret } = splitRefreshToken(input.refresh_token);
  const row = await sessionWithUser(db, sessionId);
  if (!row || row.user.admin_uid !== input.uid || row.session.auth_machine_id !== input.auth_machine_id) {
    return fail('invalidRefreshToken');
  }
  const { session, user } = row;
  if (session.revoked_at) return fail('authNotFound');
  const presented = sha256(secret);
  if (!sameHash(session.refresh_hash, presented)) {
    // An old refresh token came back: someone holds a copy. End the whole session.
    await revokeSession(db, sessionId, 'refresh token reuse');
    await securityEvent(deps, {
      type: 'refresh_reuse',
      origin,
      uid: user.admin_uid,
      laboratoryId: user.laboratory_id,
    });
    return fail('invalidRefreshToken');
  }
  if (!sessionIsLive(deps, session, user)) {
    await revokeSession(db, sessionId, 'expired');
    return fail('authNotFound');
  }
  const nextSecret = randomSecret();
  const rotated = await db
    .update(authSessions)
    .set({ refresh_hash: sha256(nextSecret), last_used_at: new Date().toISOString() })
    .where(
      and(
        eq(authSessions.session_id, sessionId),
        eq(authSessions.refresh_hash, presented),
        isNull(authSessions.revoked_at),
      ),
    )
    .returning();
  if (rotated.length === 0) {
    // Another refresh with the same token won the race (or the session ended meanwhile): treat it as reuse.
    await revokeSession(db, sessionId, 'refresh token reuse');
    return fail('invalidRefreshToken');
  }
  const access_token = await deps.tokens.sign({
    uid: user.admin_uid,
    sessionId,
    authMachineId: input.auth_machine_id,
  });
  return { access_token, refresh_token: `${sessionId}.${nextSecret}`, rights: rightsOf(user) };
}
