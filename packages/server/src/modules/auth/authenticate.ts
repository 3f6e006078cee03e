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

/** A caller as last seen, to be used only once `confirm` (the check of `authenticate`) settles. */
export interface RememberedCaller {
  auth: Authenticated;
  /**
   * The caller as the database holds it now: `auth` itself when nothing moved; fails as
   * `authenticate`. `unchanged`: the read's own statement found the session's stamps as remembered
   * (lib/session-stamps.ts), in which case no statement is needed.
   */
  confirm(unchanged?: boolean): Promise<Authenticated>;
}

/**
 * For a call that only reads (docs/decisions/0014-what-every-call-pays.md): the caller as this
 * server last saw them, if it did and the session was then live, with the session check to run
 * beside it. The call may read meanwhile; nothing is answered before the check settles.
 */
export async function rememberedCaller(
  deps: AuthDeps,
  accessToken: string,
  uid: string,
  authMachineId: string,
): Promise<RememberedCaller | undefined> {
  const claims = await deps.tokens.verify(accessToken);
  if (claims.uid !== uid || claims.authMachineId !== authMachineId) return fail('invalidAccessToken');
  const auth = deps.sessionCache.remembered(claims.sessionId);
  if (!auth || auth.user.admin_uid !== uid || !sessionIsLive(deps, auth.session, auth.user)) return undefined;
  return {
    auth,
    confirm: (unchanged) =>
      unchanged === true ? Promise.resolve(auth) : authenticate(deps, accessToken, uid, authMachineId),
  };
}
