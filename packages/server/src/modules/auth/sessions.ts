import type { Tokens } from '@sil/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { authSessions } from '../../db/schema/auth.js';
import type { RequestOrigin, SessionRow, UserRow } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { type AuthDeps, secondsFromNow, securityEvent } from './deps.js';
import { randomSecret, sha256 } from './secrets.js';

/** What every login path ends with: a new session, its refresh token and a first access token. */
export async function openSession(
  deps: AuthDeps,
  user: UserRow,
  authMachineId: string,
  origin: RequestOrigin,
): Promise<Tokens> {
  const secret = randomSecret();
  const [session] = await deps.db
    .insert(authSessions)
    .values({
      admin_uid: user.admin_uid,
      auth_machine_id: authMachineId,
      refresh_hash: sha256(secret),
      expires_at: secondsFromNow(deps.config.SESSION_ABSOLUTE_SECONDS),
    })
    .returning();
  if (!session) return fail('unexpectedError');
  await securityEvent(deps, {
    type: 'login',
    origin,
    uid: user.admin_uid,
    laboratoryId: user.laboratory_id,
    email: user.user_email,
  });
  const access_token = await deps.tokens.sign({
    uid: user.admin_uid,
    sessionId: session.session_id,
    authMachineId,
  });
  return { access_token, refresh_token: `${session.session_id}.${secret}`, uid: user.admin_uid };
}

/** A refresh token is '<session id>.<secret>'; anything else is refused before the database is asked. */
export function splitRefreshToken(token: string): { sessionId: string; secret: string } {
  const [sessionId, secret, extra] = token.split('.');
  if (!sessionId || !secret || extra !== undefined || !/^[0-9a-f-]{36}$/.test(sessionId)) {
    return fail('invalidRefreshToken');
  }
  return { sessionId, secret };
}

/** A session ends when revoked, past its absolute lifetime, idle too long, or its user is disabled. */
export function sessionIsLive(deps: AuthDeps, session: SessionRow, user: UserRow): boolean {
  if (session.revoked_at || user.user_disabled) return false;
  const t = Date.now();
  if (new Date(session.expires_at).getTime() <= t) return false;
  return new Date(session.last_used_at).getTime() + deps.config.SESSION_IDLE_SECONDS * 1000 > t;
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revoked_at: new Date().toISOString(), revoke_reason: reason })
    .where(and(eq(authSessions.session_id, sessionId), isNull(authSessions.revoked_at)));
}

/** Ends every session of a user (disabled account, new password). */
export async function revokeAllSessions(db: Db, uid: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revoked_at: new Date().toISOString(), revoke_reason: reason })
    .where(and(eq(authSessions.admin_uid, uid), isNull(authSessions.revoked_at)));
}
