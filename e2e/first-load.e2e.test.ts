import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, dashboardRoutes, routes } from '../packages/contract/src/index.js';
import { fillLogin, launchBrowser, newPage } from './browser.js';
import { gzippedBytes, gzippedScriptBytes, SCRIPT_BUDGET_BYTES, WEB_DIST } from './script-budget.js';
import { sharedServerUrl } from './shared-server.js';

const baseUrl = sharedServerUrl();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every script the page has fetched since it was opened, client-side navigations included. */
function scriptsLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js')),
  );
}

/**
 * The paths of the calls whose definitions (and schemas) stay out of the first load: every call but
 * those of the session, the account and the dashboard (docs/decisions/0018-route-schemas-out-of-first-load.md).
 */
const laterPaths = Object.entries(routes)
  .filter(([name]) => !Object.hasOwn(accountRoutes, name) && !Object.hasOwn(dashboardRoutes, name))
  .map(([, def]) => def.path);

/** The calls of the route table whose definition came with these scripts; none is expected. */
function routeDefsIn(paths: string[]): string[] {
  const text = paths.map((p) => readFileSync(path.join(WEB_DIST, p), 'utf8')).join('\n');
  return laterPaths.filter((apiPath) => text.includes(`\`${apiPath}\``) || text.includes(`"${apiPath}"`));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first load', () => {
  it('keeps the login page and the dashboard within the script budget', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/fr/`);
    await page.locator('input[type="email"]').waitFor();
    const loginScripts = await scriptsLoaded(page);
    expect(loginScripts.length).toBeGreaterThan(0);
    const loginBytes = gzippedScriptBytes(loginScripts);
    console.info(
      `first load, login page: ${kb(loginBytes)} of gzipped script in ${loginScripts.length} files`,
    );
    for (const script of loginScripts) console.info(`  ${kb(gzippedBytes(script)).padStart(9)}  ${script}`);
    // The check finds the definitions where they are (a later chunk), and none in the first load.
    const built = readdirSync(path.join(WEB_DIST, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `/assets/${name}`);
    expect(routeDefsIn(built)).toHaveLength(laterPaths.length);
    expect(routeDefsIn(loginScripts), 'route definitions in the login page').toEqual([]);
    expect(loginBytes, `login page: ${kb(loginBytes)} in\n${loginScripts.join('\n')}`).toBeLessThanOrEqual(
      SCRIPT_BUDGET_BYTES,
    );

    // The dashboard opened as a first page (the session kept in the browser, as after a reload).
    await fillLogin(page, 'admin@demo.lab');
    await page.locator('main h1', { hasText: 'Tableau de bord' }).waitFor();
    const dashboard = await page.context().newPage();
    await dashboard.goto(`${baseUrl}/fr/dashboard`);
    await dashboard.locator('main h1', { hasText: 'Tableau de bord' }).waitFor();
    const dashboardScripts = await scriptsLoaded(dashboard);
    const dashboardBytes = gzippedScriptBytes(dashboardScripts);
    console.info(
      `first load, dashboard: ${kb(dashboardBytes)} of gzipped script in ${dashboardScripts.length} files`,
    );
    for (const script of dashboardScripts)
      console.info(`  ${kb(gzippedBytes(script)).padStart(9)}  ${script}`);
    expect(routeDefsIn(dashboardScripts), 'route definitions in the dashboard').toEqual([]);
    expect(
      dashboardBytes,
      `dashboard: ${kb(dashboardBytes)} in\n${dashboardScripts.join('\n')}`,
    ).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
    await page.context().close();
  });

  it('asks the server each question of a login once', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/fr/`);
    await page.locator('input[type="email"]').waitFor();
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/(api|auth|reports)\//.test(pathname)) calls.push(`${request.method()} ${pathname}`);
    });
    await fillLogin(page, 'admin@demo.lab');
    await page.getByText(/Bienvenue/).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls.sort()).toEqual([
      'GET /api/get-dashboard',
      'GET /api/get-user-data',
      'POST /auth/is-access-token-valid',
      'POST /auth/login',
    ]);

    // The next navigation asks again: a revoked session is still seen on the following page.
    calls.length = 0;
    await page.locator('nav').first().hover();
    await page.locator('[data-menu-id="records"]').click();
    await page.locator('main h1', { hasText: 'Dossiers' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toContain('POST /auth/is-access-token-valid');
    await page.context().close();
  });
});
