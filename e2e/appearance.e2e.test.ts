import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage, screenshot, toggleTheme, waitForTitle } from './browser.js';
import { sharedServerUrl } from './shared-server.js';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('appearance and language', () => {
  it('switches the theme and keeps it for the user on another browser', async () => {
    const first = await newPage(browser);
    await login(first, baseUrl, 'secretariat@demo.lab');
    expect(await first.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await toggleTheme(first);
    expect(await first.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await first.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

    const second = await newPage(browser);
    await login(second, baseUrl, 'secretariat@demo.lab');
    await second.locator('main h1').waitFor();
    expect(await second.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await toggleTheme(second);
    expect(await second.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await first.context().close();
    await second.context().close();
  });

  it('applies colour-blind mode and font size, saved for the user', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'technicien@demo.lab');
    await page.goto(`${baseUrl}/fr/account`);
    await page.getByRole('switch', { name: 'Mode daltonien' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.colorBlind === 'true');
    await page.getByText('Grande').click({ force: true });
    await page.waitForFunction(() => document.documentElement.style.fontSize === '18px');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'account-fr-colour-blind-large');

    const again = await newPage(browser);
    await login(again, baseUrl, 'technicien@demo.lab');
    await again.waitForFunction(() => document.documentElement.style.fontSize === '18px');
    expect(await again.evaluate(() => document.documentElement.dataset.colorBlind)).toBe('true');
    await again.goto(`${baseUrl}/fr/account`);
    await again.getByRole('switch', { name: 'Mode daltonien' }).click();
    await again.getByText('Moyenne').click({ force: true });
    await again.waitForFunction(() => document.documentElement.style.fontSize === '16px');
    await again.waitForLoadState('networkidle');
    await page.context().close();
    await again.context().close();
  });

  it('switches the language of the page and of its address', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'technicien@demo.lab');
    await page.goto(`${baseUrl}/fr/account`);
    await page.locator('main h1', { hasText: 'Paramètres du compte' }).waitFor();
    await page.locator('main').getByText('English').click({ force: true });
    await page.waitForURL(`${baseUrl}/en/account`);
    await page.locator('main h1', { hasText: 'Account settings' }).waitFor();
    await waitForTitle(page, 'Account settings · SIL');
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en');
    // The menu follows too.
    await page.locator('nav').first().hover();
    await page.locator('[data-menu-id="dashboard"]', { hasText: 'Dashboard' }).waitFor();
    // A locale-less address now opens in English.
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/en/dashboard`);
    await page.context().close();
  });

  it('switches the language on the login page', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/fr/`);
    await page.getByText('English').click();
    await page.waitForURL(`${baseUrl}/en/`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await waitForTitle(page, 'Login · SIL');
    await page.context().close();
  });
});

describe('the settings pages of spec.md §2', () => {
  const PAGES = [
    {
      path: 'account/appearance',
      fr: "Paramètres d'apparence",
      en: 'Appearance settings',
      card: 'appearance',
    },
    {
      path: 'account/notifications',
      fr: 'Paramètres de notification',
      en: 'Notification settings',
      card: 'notifications',
    },
    { path: 'information/help', fr: 'Aide', en: 'Help settings', card: 'help' },
    { path: 'information/current-user', fr: 'Utilisateur actuel', en: 'Current user', card: 'current-user' },
  ] as const;

  it('give appearance, notifications, help and the current user their own page and tab title', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'secretariat@demo.lab');
    for (const locale of ['fr', 'en'] as const) {
      for (const settings of PAGES) {
        await page.goto(`${baseUrl}/${locale}/${settings.path}`);
        await page.locator('main h1', { hasText: settings[locale] }).waitFor();
        await waitForTitle(page, `${settings[locale]} · SIL`);
        // The page holds its own settings, the other pages are links beside it.
        await page.locator(`[data-card="${settings.card}"]`).waitFor();
        expect(await page.locator('main [data-card]').count()).toBe(1);
        expect(
          await page
            .locator(`nav [data-settings-page="${settings.path.split('/')[1]}"]`)
            .getAttribute('aria-current'),
        ).toBe('page');
      }
    }
    // From 'My account', the appearance page is one link away.
    await page.goto(`${baseUrl}/fr/account`);
    await page.locator('nav [data-settings-page="appearance"]').click();
    await page.waitForURL(`${baseUrl}/fr/account/appearance`);
    await waitForTitle(page, "Paramètres d'apparence · SIL");
    await screenshot(page, 'settings-appearance-fr-light');
    await toggleTheme(page);
    await page.goto(`${baseUrl}/en/information/help`);
    await page.locator('main h1', { hasText: 'Help settings' }).waitFor();
    await screenshot(page, 'settings-help-en-dark');
    await toggleTheme(page);
    await page.context().close();

    const phone = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await login(phone, baseUrl, 'secretariat@demo.lab');
    await phone.goto(`${baseUrl}/fr/account/notifications`);
    await phone.locator('main h1', { hasText: 'Paramètres de notification' }).waitFor();
    await waitForTitle(phone, 'Paramètres de notification · SIL');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'settings-notifications-fr-375');
    await phone.goto(`${baseUrl}/fr/information/current-user`);
    await phone.locator('[data-card="current-user"]').waitFor();
    await screenshot(phone, 'settings-current-user-fr-375');
    await phone.context().close();
  });
});

describe('mobile layout at 375 px', () => {
  it('uses a burger menu with every item, and a back button except on the dashboard', async () => {
    const page = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await login(page, baseUrl, 'admin@demo.lab');
    await page.locator('main h1').waitFor();
    expect(await page.getByRole('button', { name: 'Retour' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.locator('[role="dialog"]');
    await drawer.locator('[data-menu-id="families"]').waitFor();
    // Flattened: the dropdowns' items are listed directly, without the dropdowns themselves.
    const ids = await drawer
      .locator('[data-menu-id]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-menu-id')));
    expect(ids).toContain('users');
    expect(ids).not.toContain('settings');
    expect(ids).not.toContain('accounts');
    await drawer.locator('[data-menu-id="scan"]').click();
    await page.waitForURL(`${baseUrl}/fr/scan`);
    await page.locator('main h1', { hasText: 'Scanner' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(`${baseUrl}/fr/dashboard`);
    await page.context().close();
  });

  it('keeps what was typed when the width crosses the phone layout', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'admin@demo.lab');
    await page.goto(`${baseUrl}/fr/information`);
    const name = page.locator('[data-testid="laboratory-identity"] input[name="laboratory_name"]');
    await name.waitFor();
    await name.fill('Laboratoire en cours de saisie');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Ouvrir le menu' }).waitFor();
    expect(await name.inputValue()).toBe('Laboratoire en cours de saisie');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('nav [data-side-rail]').waitFor();
    expect(await name.inputValue()).toBe('Laboratoire en cours de saisie');
    await page.context().close();
  });
});
