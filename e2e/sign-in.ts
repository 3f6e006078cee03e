import { IsAccessTokenValidAnswer, UserData } from '@sil/contract';
import type { Page } from 'playwright-core';
import { callHeaders, loginTokens, send } from './api.js';

/**
 * Opens `path` (a locale's root by default, which sends a logged-in user to their home page)
 * logged in as `email`, with the session the login form would have left in the browser: tokens,
 * machine id, rights and the user's saved appearance, the language being the one of `path`. For
 * journeys whose subject is not the login form (`login` in browser.ts goes through it): the form
 * and the home page it lands on are not drawn once more for every test.
 */
export async function signIn(page: Page, baseUrl: string, email: string, path = '/fr/'): Promise<void> {
  const locale = path.split('/')[1] ?? 'fr';
  // A machine of its own: a journey's API calls as the same user keep their session.
  const machineId = `${Date.now()}e2esgn`;
  const tokens = await loginTokens(baseUrl, email, machineId);
  const headers = callHeaders(tokens, machineId);
  const { rights } = IsAccessTokenValidAnswer.parse(
    await send(baseUrl, 'POST', '/auth/is-access-token-valid', {
      uid: tokens.uid,
      auth_machine_id: machineId,
      access_token: tokens.access_token,
    }),
  );
  const { preferences } = UserData.parse(
    await send(baseUrl, 'GET', '/api/get-user-data', undefined, headers),
  );
  // As the login form does: the language the user logged in with becomes their saved one.
  if (preferences.locale !== locale) {
    await send(baseUrl, 'PUT', '/api/update-user-preferences', { locale }, headers);
  }
  const items: Record<string, string> = {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    uid: tokens.uid,
    auth_machine_id: machineId,
    rights: JSON.stringify(rights),
    theme: preferences.theme,
    color_blind: String(preferences.color_blind),
    font_size: preferences.font_size,
    notifications: preferences.notifications,
    locale,
  };
  // Storage belongs to the site: a small file of it is opened first, without running the app.
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate((stored) => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  }, items);
  await page.goto(`${baseUrl}${path}`);
  if (path === `/${locale}/`) {
    await page.waitForURL((url) => url.pathname !== `/${locale}/` && url.pathname !== `/${locale}`);
  }
}
