import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './browser.js';
import { type RunningServer, startServer } from './server.js';

// A server of its own whose access tokens live 2 seconds, so that they expire during the journey.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ACCESS_TOKEN_TTL_SECONDS: '2' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every /api and /auth exchange of the page: path, status and the access token it carried. */
function recordCalls(page: Page) {
  const calls: Array<{ path: string; status: number; token: string }> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/auth/')) return;
    const token = response.request().headers().authorization ?? '';
    calls.push({ path: url.pathname, status: response.status(), token });
  });
  return calls;
}

describe('token refresh', () => {
  it('refreshes once for concurrent calls that find the token expired, and retries each once', async () => {
    const page = await newPage(browser);
    await login(page, server.url, 'admin@demo.lab');
    await page.locator('main h1').waitFor();
    await page.waitForTimeout(3000);
    const calls = recordCalls(page);
    // Reloading the dashboard runs the token check and the user-data call; the dashboard's code is
    // fetched after the check has started, so the refresh is held back a moment for both calls to
    // find the token expired while it is under way.
    await page.route('**/auth/refresh-tokens', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    await page.getByText('Laboratoire de démonstration').waitFor();
    await page.waitForLoadState('networkidle');

    const refreshes = calls.filter((call) => call.path === '/auth/refresh-tokens');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.status).toBe(200);
    const userData = calls.filter((call) => call.path === '/api/get-user-data');
    expect(userData.map((call) => call.status)).toEqual([401, 200]);
    // The retry carried the new token, not the expired one.
    expect(userData[1]?.token).not.toBe(userData[0]?.token);
    expect(
      calls.filter((call) => call.path === '/auth/is-access-token-valid').map((call) => call.status),
    ).toEqual([401, 200]);
    expect(new URL(page.url()).pathname).toBe('/fr/dashboard');
    await page.context().close();
  });

  it('logs out every waiting call when the refresh is refused', async () => {
    const page = await newPage(browser);
    await login(page, server.url, 'admin@demo.lab');
    await page.locator('main h1').waitFor();
    await page.evaluate(() => window.localStorage.setItem('refresh_token', 'no-longer-valid'));
    await page.waitForTimeout(3000);
    const calls = recordCalls(page);
    await page.reload();
    await page.waitForURL(`${server.url}/fr/`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(calls.filter((call) => call.path === '/auth/refresh-tokens')).toHaveLength(1);
    // No call is retried without a fresh token.
    expect(calls.filter((call) => call.path === '/api/get-user-data' && call.status === 200)).toHaveLength(0);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
    await page.context().close();
  });
});
