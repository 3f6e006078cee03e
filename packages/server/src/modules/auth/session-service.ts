import { authenticate, rememberedCaller } from './authenticate.js';
import { withDeps } from './bind.js';
import type { AuthDeps } from './deps.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { loginWithOtp } from './otp.js';
import { refresh } from './refresh.js';
import { revokeAllSessions } from './sessions.js';

/** Logging in and out and keeping a session alive; each job lives in the file it is named after. */
export function createSessionService(deps: AuthDeps) {
  const bound = withDeps(deps);
  return {
    login: bound(login),
    loginWithOtp: bound(loginWithOtp),
    authenticate: bound(authenticate),
    rememberedCaller: bound(rememberedCaller),
    refresh: bound(refresh),
    logout: bound(logout),
    revokeAllSessions: (uid: string, reason: string) => revokeAllSessions(deps.db, uid, reason),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
