import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiLogin, send } from './api.js';
import { newPage, openInApp, screenshot, transitionsSettled } from './browser.js';
import { lowContrastTexts, overflowing } from './looks-measure.js';
import { signIn } from './sign-in.js';

const MODES = [
  { locale: 'fr', theme: 'light', width: 1280 },
  { locale: 'en', theme: 'dark', width: 1280 },
  { locale: 'fr', theme: 'light', width: 375 },
  { locale: 'en', theme: 'dark', width: 375 },
] as const;

/** Words of the French screens that must never show on the English ones (an untranslated text). */
const FRENCH_WORDS =
  /(?<!\p{L})(Automate|Enrôlé|Correspondance|rapprocher|Aucun|Échantillon|Traiter|Écarter|Journal)(?!\p{L})/u;

interface Screen {
  name: string;
  path: string;
  /** What the screen shows once its data is there. */
  ready: string;
  /** A gesture before the picture (a message unfolded, a dialog opened). */
  gesture?: (page: Page) => Promise<void>;
}

/**
 * Every analysers' screen (agents, analysers, one analyser's link and log, its mapping, the
 * reconciliation queue with its resolve dialog and its empty state) in French light and English
 * dark, at desktop and phone widths, as the administrator: nothing overflows, every text reads at
 * 4.5:1, the English screens hold no French. Pictures go to test-results/screenshots/.
 */
export async function analyserLooks(browser: Browser, baseUrl: string, machineId: string): Promise<void> {
  const admin = await apiLogin(baseUrl, 'admin@demo.lab');
  // In an order where each screen's heading differs from the last one's (openInApp waits for it).
  const screens: Screen[] = [
    { name: 'agents', path: 'agents', ready: '[data-agent]' },
    {
      name: 'analyser-log',
      path: `analysers/${machineId}`,
      ready: '[data-message]',
      gesture: async (page) => {
        await page.locator('[data-message] button').first().click();
        await page.locator('[data-raw-text]').first().waitFor();
      },
    },
    { name: 'analysers', path: 'analysers', ready: '[data-analyser]' },
    { name: 'mappings', path: `analysers/${machineId}/mappings`, ready: '[data-mapping-line]' },
    { name: 'reconciliation', path: 'reconciliation', ready: '[data-item-reason]' },
    {
      name: 'resolve',
      path: 'reconciliation',
      ready: '[data-item-reason]',
      gesture: async (page) => {
        await page.locator('[data-item-reason] button').first().click();
        await page.getByRole('dialog').waitFor();
      },
    },
  ];
  const found: string[] = [];
  for (const mode of MODES) {
    const label = `${mode.locale}-${mode.theme}-${mode.width}`;
    await send(baseUrl, 'PUT', '/api/update-user-preferences', { theme: mode.theme }, admin);
    const page = await newPage(browser, {
      viewport: { width: mode.width, height: mode.width < 500 ? 800 : 900 },
      locale: mode.locale === 'fr' ? 'fr-FR' : 'en-GB',
    });
    await signIn(page, baseUrl, 'admin@demo.lab', `/${mode.locale}/agents`);
    await page.waitForFunction(
      (theme) => document.documentElement.getAttribute('data-mantine-color-scheme') === theme,
      mode.theme,
    );
    for (const screen of screens) {
      if (page.url().endsWith(`/${mode.locale}/${screen.path}`)) await page.reload();
      else await openInApp(page, `/${mode.locale}/${screen.path}`);
      await page.locator(screen.ready).first().waitFor();
      await screen.gesture?.(page);
      await transitionsSettled(page);
      const where = `${screen.name} ${label}`;
      for (const box of await overflowing(page)) found.push(`${where}: overflows: ${box}`);
      for (const text of await lowContrastTexts(page)) found.push(`${where}: low contrast: ${text}`);
      if (mode.locale === 'en') {
        const french = (await page.locator('main, [role="dialog"]').allInnerTexts())
          .join('\n')
          .match(FRENCH_WORDS);
        if (french) found.push(`${where}: French on the English screen: ${french[0]}`);
      }
      await screenshot(page, `analysers-${screen.name}-${label}`);
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  }
  expect(found).toEqual([]);
}
