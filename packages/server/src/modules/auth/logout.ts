import { eq } from 'drizzle-orm';
import { authSessions } from '../../db/schema/auth.js';
import type { RequestOrigin } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { type AuthDeps, securityEvent } from './deps.js';
import { sameHash, sha256 } from './secrets.js';
import { revokeSession, splitRefreshToken } from './sessions.js';

/** Ends the session of this refresh token; the token itself proves the caller may. */
export async function logout(deps: AuthDeps, refreshToken: string, origin: RequestOrigin): Promise<void> {
  const { sessionId, secret } = splitRefreshToken(refreshToken);
  const [session] = await deps.db.select().from(authSessions).where(eq(authSessions.session_id, sessionId));
  if (!session || !sameHash(session.refresh_hash, sha256(secret))) return fail('invalidRefreshToken');
  await revokeSession(deps.db, sessionId, 'logout');
  await securityEvent(deps, { type: 'logout', origin, uid: session.admin_uid });
}
