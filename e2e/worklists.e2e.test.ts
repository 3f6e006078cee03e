import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

const baseUrl = sharedServerUrl();
const MACHINE = 'Sysmex XN-1000';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the work lists and picks a machine (the blood-count analyser unless told). */
async function openList(page: Page, locale: 'fr' | 'en', machine = MACHINE, group = 'NFS (hémogramme)') {
  await page.goto(`${baseUrl}/${locale}/worklists`);
  await page.locator('[data-field="machine"]').click();
  await page.getByRole('option', { name: machine }).click();
  await page.waitForURL(/\/worklists\/[0-9a-f-]{36}$/);
  await page.locator(`[data-worklist-group="${group}"]`).waitFor();
}
const openSysmexList = (page: Page, locale: 'fr' | 'en') => openList(page, locale);

/** The id of the demo record of a patient, found by surname. */
async function demoRecordId(surname: string): Promise<string> {
  const headers = await apiLogin(baseUrl, 'technicien@demo.lab');
  const answer = await fetch(`${baseUrl}/api/get-records?search=${surname}`, { headers });
  const list = (await answer.json()) as { data: Array<{ record_id: string }> };
  const [row] = list.data;
  if (!row) throw new Error(`no demo record for ${surname}`);
  return row.record_id;
}

describe('work lists', () => {
  for (const locale of ['fr', 'en'] as const) {
    it(`shows a machine's waiting samples by analysis, urgent first (${locale}, light and dark)`, async () => {
      const page = await newPage(browser);
      await signIn(page, baseUrl, 'technicien@demo.lab', `/${locale}/`);
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
    await signIn(page, baseUrl, 'technicien@demo.lab');
    await openSysmexList(page, 'fr');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'worklists-fr-mobile');
    await page.context().close();
  });

  it('prints a clean A4 list: sample numbers, initials and birth year, analyses, nothing else', async () => {
    const page = await newPage(browser, { viewport: { width: 794, height: 1123 } });
    await signIn(page, baseUrl, 'technicien@demo.lab');
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

  it('adds a second tube from the record screen, which then waits on its machine', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'technicien@demo.lab', `/fr/preview-record/${await demoRecordId('GARNIER')}`);
    await page.locator('[data-action="add-sample"]').click();
    await page.locator('[data-field="sample_analyses"]').click();
    await page.getByRole('option', { name: 'TSH' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'add-sample-fr');
    await page.locator('[data-action="confirm-add-sample"]').click();
    await page.getByText(/Échantillon \d{10}-\d{2} ajouté/).waitFor();
    await openList(page, 'fr', 'Cobas e 801', 'TSH');
    const tsh = page.locator('[data-worklist-group="TSH"] tbody tr');
    await expect.poll(() => tsh.count()).toBe(2);
    expect(await tsh.allInnerTexts()).toEqual([
      expect.stringContaining('GL · 1995'),
      expect.stringContaining('GL · 1995'),
    ]);
    await page.context().close();
  });
});
