import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import type { AuthDeps } from './deps.js';
import { sessionIsLive } from './sessions.js';

/** Checks an access token against its session and user; the basis of every protected call. */
export async function authenticate(
  deps: AuthDeps,
  accessToken: string,
  uid: string,
  authMachineId: string,
): Promise<Authenticated> {
  const claims = await deps.tokens.verify(accessToken);
  if (claims.uid !== uid || claims.authMachineId !== authMachineId) return fail('invalidAccessToken');
  const found = await deps.sessionCache.current(claims.sessionId);
  if (!found || found.user.admin_uid !== uid || !sessionIsLive(deps, found.session, found.user))
    return fail('authNotFound');
  return found;
}
