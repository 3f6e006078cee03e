import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, login, newPage, screenshot, toggleTheme } from './browser.js';

const baseUrl = inject('baseUrl');
const MACHINE = 'Sysmex XN-1000';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the work lists from the menu and picks the blood-count analyser. */
async function openSysmexList(page: Page, locale: 'fr' | 'en'): Promise<void> {
  await page.goto(`${baseUrl}/${locale}/worklists`);
  await page.locator('[data-field="machine"]').click();
  await page.getByRole('option', { name: MACHINE }).click();
  await page.waitForURL(/\/worklists\/[0-9a-f-]{36}$/);
  await page.locator('[data-worklist-group="NFS (hémogramme)"]').waitFor();
}

describe('work lists', () => {
  for (const locale of ['fr', 'en'] as const) {
    it(`shows a machine's waiting samples by analysis, urgent first (${locale}, light and dark)`, async () => {
      const page = await newPage(browser);
      await login(page, baseUrl, 'technicien@demo.lab', locale);
      await page.locator('nav [data-menu-id="worklists"]').first().waitFor();
      await openSysmexList(page, locale);

      const nfs = page.locator('[data-worklist-group="NFS (hémogramme)"]');
      const rows = nfs.locator('tbody tr');
      // The demo's urgent records come first: M. Dubois (1958), then the child Lucas Petit.
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      expect(await rows.nth(0).innerText()).toContain('DJ · 1958');
      expect(await rows.nth(1).innerText()).toContain('PL · 2019');
      expect(await nfs.innerText()).toMatch(/urgent/i);
      expect(await page.locator('main h1').textContent()).toBe(
        locale === 'fr' ? 'Listes de travail' : 'Work lists',
      );
      await page.mouse.move(900, 600);
      await screenshot(page, `worklists-${locale}-light`);

      await toggleTheme(page);
      await page.mouse.move(900, 600);
      await screenshot(page, `worklists-${locale}-dark`);
      await toggleTheme(page);
      await page.context().close();
    });
  }

  it('fits a phone (375 px)', async () => {
    const page = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await login(page, baseUrl, 'technicien@demo.lab');
    await openSysmexList(page, 'fr');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'worklists-fr-mobile');
    await page.context().close();
  });

  it('prints a clean A4 list: sample numbers, initials and birth year, analyses, nothing else', async () => {
    const page = await newPage(browser, { viewport: { width: 794, height: 1123 } });
    await login(page, baseUrl, 'technicien@demo.lab');
    await openSysmexList(page, 'fr');
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('[data-print-area="worklist"]');
    expect(await printed.innerText()).toContain(`Liste de travail — ${MACHINE}`);
    // The screen's title, the machine select and the print button are not on paper.
    for (const hidden of ['main h1', '[data-field="machine"]', '[data-action="print-worklist"]']) {
      const visibility = await page
        .locator(hidden)
        .first()
        .evaluate((element) => getComputedStyle(element).visibility);
      expect(visibility, hidden).toBe('hidden');
    }
    await screenshot(page, 'worklists-fr-print');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.context().close();
  });
});
