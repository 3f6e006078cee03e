import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { rightsOf } from '../users/index.js';
import type { AuthDeps } from './deps.js';
import { sessionIsLive, sessionWithUser } from './sessions.js';

/** Checks an access token against its session and user; the basis of every protected call. */
export async function authenticate(
  deps: AuthDeps,
  accessToken: string,
  uid: string,
  authMachineId: string,
): Promise<Authenticated> {
  const claims = await deps.tokens.verify(accessToken);
  if (claims.uid !== uid || claims.authMachineId !== authMachineId) return fail('invalidAccessToken');
  const row = await sessionWithUser(deps.db, claims.sessionId);
  if (!row || row.user.admin_uid !== uid || !sessionIsLive(deps, row.session, row.user))
    return fail('authNotFound');
  return { user: row.user, session: row.session, rights: rightsOf(row.user) };
}
