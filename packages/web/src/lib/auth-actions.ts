import type { Preferences, WebLocale } from '@sil/contract';
import { ApiError, call, needsRefresh, refreshSession } from './api-client';
import { savePreferences } from './preferences';
import { clearSession, getCredentials, saveRights } from './session';

/** The access token the login has just checked: the page the login opens need not ask again. */
let checkedByLogin: string | null = null;

/** Called by the login once it has checked the new token and stored the rights it answered. */
export function markCheckedByLogin(accessToken: string): void {
  checkedByLogin = accessToken;
}

/**
 * Asks the server whether the access token is still valid and stores the rights it answers
 * (spec.md §2: checked on every navigation). An expired token is refreshed once, as for any call.
 * Resolves false, with the session cleared, when the user must log in again.
 */
export async function checkAccessToken(): Promise<boolean> {
  // Once only: the navigation that follows the login trusts the check the login made a moment ago;
  // every later navigation asks the server, so a revocation is still seen on the next page.
  const justChecked = checkedByLogin !== null && checkedByLogin === getCredentials()?.accessToken;
  checkedByLogin = null;
  if (justChecked) return true;
  const attempt = async (): Promise<void> => {
    const credentials = getCredentials();
    if (!credentials) throw new ApiError('authNotFound', 401, '/auth/is-access-token-valid');
    const answer = await call('isAccessTokenValid', {
      body: {
        uid: credentials.uid,
        auth_machine_id: credentials.authMachineId,
        access_token: credentials.accessToken,
      },
    });
    saveRights(answer.rights);
  };
  try {
    try {
      await attempt();
    } catch (error) {
      if (!needsRefresh(error)) throw error;
      await refreshSession();
      await attempt();
    }
    return true;
  } catch (error) {
    // Only the server's refusal ends the session: a call cut short (page unloading, network down)
    // says nothing about the token, and clearing storage then would log out the next page too.
    if (!isRefusal(error)) return true;
    clearSession();
    return false;
  }
}

function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Ends the session here and on the server; the server call may fail without consequence. */
export async function logout(): Promise<void> {
  const credentials = getCredentials();
  clearSession();
  if (!credentials) return;
  try {
    await call('logout', { body: { refresh_token: credentials.refreshToken } });
  } catch {
    // The refresh token may already be gone (expired, revoked): the local session is over anyway.
  }
}

/** Saves appearance and language here at once, then for the user on the server when logged in. */
export async function updatePreferences(change: Partial<Preferences>): Promise<void> {
  savePreferences(change);
  if (getCredentials()) await call('updateUserPreferences', { body: change });
}

export function localePath(locale: WebLocale, rest: string): string {
  return `/${locale}/${rest.replace(/^\/+/, '')}`;
}
