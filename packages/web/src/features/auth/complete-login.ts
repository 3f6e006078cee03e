import { homePath, type Tokens, type WebLocale } from '@sil/contract';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { markCheckedByLogin } from '../../lib/auth-actions';
import { savePreferences } from '../../lib/preferences';
import { queryKeys } from '../../lib/query-keys';
import { clearSession, getNextUrl, saveRights, saveTokens, setNextUrl } from '../../lib/session';

/**
 * After the server accepted the credentials: keep the tokens, fetch the rights and the user's saved
 * appearance and language, and answer where to go (nextUrl if saved, else the user's home page).
 * What it fetched is handed on (the user's data to the query cache, the token check to the guard),
 * so that the page it opens does not ask the server the same questions again.
 */
export async function completeLogin(
  tokens: Tokens,
  authMachineId: string,
  locale: WebLocale,
  queryClient: QueryClient,
): Promise<string> {
  saveTokens(tokens, authMachineId);
  try {
    const check = await call('isAccessTokenValid', {
      body: { uid: tokens.uid, auth_machine_id: authMachineId, access_token: tokens.access_token },
    });
    const user = await call('getUserData', {});
    const next = getNextUrl();
    // The user's appearance follows them from one browser to another; the language is the one
    // they just read the login page in, and becomes their saved one when it differs.
    if (user.preferences.locale !== locale) {
      call('updateUserPreferences', { body: { locale } }).catch(() => undefined);
    }
    // Stored together, in one tick, so the login route never renders a half-logged-in state.
    savePreferences({ ...user.preferences, locale });
    saveRights(check.rights);
    queryClient.setQueryData(USER_DATA_KEY, user);
    markCheckedByLogin(tokens.access_token);
    setNextUrl(null);
    return isOwnPath(next) ? next : `/${locale}/${homePath(check.rights.user_type)}`;
  } catch (error) {
    clearSession();
    throw error;
  }
}

/** The query of the logged-in user's data, which the login fills and the dashboard reads. */
export const USER_DATA_KEY = queryKeys.userData;

/** Only an address of this application: '/…' but never '//host…', which would leave the site. */
export function isOwnPath(path: string | null): path is string {
  if (path === null) return false;
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
