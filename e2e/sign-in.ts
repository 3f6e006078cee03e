import type { Page } from 'playwright-core';
import { send, sha256 } from './api.js';
import { DEMO_PASSWORD } from './browser.js';

/**
 * Opens `path` (a locale's root by default, which sends a logged-in user to their home page)
 * logged in as `email`, with the session the login form would have left in the browser: tokens,
 * machine id, rights and the user's saved appearance, the language being the one of `path`. For
 * journeys whose subject is not the login form (`login` in browser.ts goes through it): the form
 * and the home page it lands on are not drawn once more for every test.
 */
export async function signIn(page: Page, baseUrl: string, email: string, path = '/fr/'): Promise<void> {
  const locale = path.split('/')[1] ?? 'fr';
  const machineId = `${Date.now()}e2esgn`;
  const tokens = await send(baseUrl, 'POST', '/auth/login', {
    email,
    password: sha256(DEMO_PASSWORD),
    auth_machine_id: machineId,
  });
  if (!isTokens(tokens)) throw new Error(`No tokens for ${email}: ${JSON.stringify(tokens)}`);
  const headers = {
    authorization: `Bearer ${tokens.access_token}`,
    uid: tokens.uid,
    authmachineid: machineId,
  };
  const check = await send(baseUrl, 'POST', '/auth/is-access-token-valid', {
    uid: tokens.uid,
    auth_machine_id: machineId,
    access_token: tokens.access_token,
  });
  const user = await send(baseUrl, 'GET', '/api/get-user-data', undefined, headers);
  const preferences = readPreferences(user);
  // As the login form does: the language the user logged in with becomes their saved one.
  if (preferences.locale !== locale) {
    await send(baseUrl, 'PUT', '/api/update-user-preferences', { locale }, headers);
  }
  const items: Record<string, string> = {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    uid: tokens.uid,
    auth_machine_id: machineId,
    rights: JSON.stringify(readRights(check)),
    theme: String(preferences.theme),
    color_blind: String(preferences.color_blind),
    font_size: String(preferences.font_size),
    notifications: String(preferences.notifications),
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

interface Tokens {
  access_token: string;
  refresh_token: string;
  uid: string;
}

function isTokens(answer: unknown): answer is Tokens {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    'access_token' in answer &&
    'refresh_token' in answer &&
    'uid' in answer
  );
}

function readRights(check: unknown): unknown {
  if (typeof check !== 'object' || check === null || !('rights' in check)) {
    throw new Error(`No rights in the token check: ${JSON.stringify(check)}`);
  }
  return check.rights;
}

function readPreferences(user: unknown): Record<string, unknown> {
  if (typeof user !== 'object' || user === null || !('preferences' in user)) {
    throw new Error(`No preferences in the user's data: ${JSON.stringify(user)}`);
  }
  const { preferences } = user;
  if (typeof preferences !== 'object' || preferences === null)
    throw new Error('Preferences are not an object');
  return preferences as Record<string, unknown>;
}
