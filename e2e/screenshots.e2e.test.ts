import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage, screenshot, setTheme } from './browser.js';
import { sharedServerUrl } from './shared-server.js';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('screenshots of the login page and the dashboard frame', () => {
  for (const locale of ['fr', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${locale} ${theme}`, async () => {
        const page = await newPage(browser);
        // Before any login the theme is the one last used in this browser.
        await page.addInitScript((value) => {
          if (!window.localStorage.getItem('access_token')) window.localStorage.setItem('theme', value);
        }, theme);
        await page.goto(`${baseUrl}/${locale}/`);
        await page.locator('form').waitFor();
        await screenshot(page, `login-${locale}-${theme}`);
        // A user of their own, so that saving the theme does not change other journeys' admin.
        await login(page, baseUrl, 'biologiste@demo.lab', locale);
        await page.locator('main h1').waitFor();
        await setTheme(page, theme);
        expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(theme);
        await page.mouse.move(900, 400);
        await screenshot(page, `dashboard-${locale}-${theme}`);
        await page.locator('nav').first().hover();
        await screenshot(page, `dashboard-${locale}-${theme}-menu-open`);
        expect(await page.locator('main h1').textContent()).toBe(
          locale === 'fr' ? 'Tableau de bord' : 'Dashboard',
        );
        await setTheme(page, 'light');
        await page.context().close();
      });
    }
  }

  it('mobile', async () => {
    const page = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${baseUrl}/fr/`);
    await page.locator('form').waitFor();
    await screenshot(page, 'login-fr-mobile');
    await login(page, baseUrl, 'admin@demo.lab');
    await page.locator('main h1').waitFor();
    await screenshot(page, 'dashboard-fr-mobile');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.locator('[role="dialog"] [data-menu-id="dashboard"]').waitFor();
    await screenshot(page, 'dashboard-fr-mobile-menu');
    await page.context().close();
  });
});
