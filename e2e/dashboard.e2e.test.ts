import { TASK_TYPES } from '@sil/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The figure a counter shows. */
async function counterValue(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(`${testId}-value`).innerText());
}

/** The rows a list counts once loaded: its pager's 'n rows', or none when it shows its empty state. */
async function listedRows(page: Page): Promise<number> {
  const counted = page.getByTestId('row-count');
  const empty = page.getByTestId('table-empty');
  await counted.or(empty).first().waitFor();
  await page.waitForLoadState('networkidle');
  if (await empty.isVisible()) return 0;
  return Number((await counted.innerText()).replace(/\D/g, ''));
}

async function openDashboard(page: Page, locale: 'fr' | 'en') {
  await page.goto(`${baseUrl}/${locale}/dashboard`);
  await page.getByTestId('panel-tasks').waitFor();
  // The quarterly chart is fetched once it comes into view.
  await page
    .getByTestId('panel-quarterly')
    .or(page.getByTestId('panel-quarterly-place'))
    .scrollIntoViewIfNeeded();
  await page.getByTestId('quarter-chart').waitFor();
}

describe('dashboard', () => {
  it("leads from each of the administrator's counters to the list of exactly what it counts", async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab');
    await openDashboard(page, 'fr');
    // The 16 tasks in progress, in the panel's order.
    const shown = await page
      .locator('[data-testid^="task-"]:not([data-testid$="-value"])')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')));
    expect(shown).toEqual(TASK_TYPES.map((task) => `task-${task}`));
    // The demo laboratory has urgent records in progress: at least one counter is not zero.
    expect(await counterValue(page, 'task-urgent')).toBeGreaterThan(0);

    for (const task of TASK_TYPES) {
      const expected = await counterValue(page, `task-${task}`);
      await page.getByTestId(`task-${task}`).click();
      await page.waitForURL(new RegExp(`/fr/table/tasks/${task}$`));
      await page.locator('main h1', { hasText: 'Tâches' }).waitFor();
      expect(await listedRows(page), task).toBe(expected);
      // Back as a user goes back: the dashboard is shown again without loading the app anew.
      await page.goBack();
      await page.getByTestId(`task-${task}`).waitFor();
    }

    // Today's records in progress open the records list of today, filtered on those statuses.
    const inProgress = await counterValue(page, 'today-in-progress');
    await page.getByTestId('today-in-progress').click();
    await page.waitForURL(/\/fr\/table\/records\?record_status=1%2C2%2C3%2C4/);
    expect(await listedRows(page)).toBe(inProgress);
    await page.context().close();
  });

  for (const locale of ['fr', 'en'] as const) {
    it(`shows every panel in ${locale}, light and dark`, async () => {
      const page = await newPage(browser);
      await signIn(page, baseUrl, 'admin@demo.lab', `/${locale}/`);
      await openDashboard(page, locale);
      for (const panel of [
        'notifications',
        'quick-access',
        'today',
        'analysis-types',
        'summary',
        'tasks',
        'quarterly',
      ])
        await expect.poll(() => page.getByTestId(`panel-${panel}`).isVisible()).toBe(true);
      const texts = await page.locator('main').innerText();
      for (const label of locale === 'fr'
        ? ['Tâches en cours', 'Résumé de la journée', 'Types d’analyses', 'Accès rapide']
        : ['Tasks in progress', 'Summary of the day', 'Analysis types', 'Quick access'])
        expect(texts).toContain(label);
      await page.getByTestId('analysis-group').getByRole('button', { name: 'TES', exact: true }).click();
      await page.mouse.move(900, 700);
      await screenshot(page, `dashboard-${locale}-light`);
      await toggleTheme(page);
      await page.mouse.move(900, 700);
      await screenshot(page, `dashboard-${locale}-dark`);
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
    await signIn(page, baseUrl, 'admin@demo.lab');
    await openDashboard(page, 'fr');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'dashboard-fr-mobile');
    await page.getByTestId('panel-tasks').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-fr-mobile-tasks');
    await page.context().close();
  });

  it('shows a user without the validation right no counter they cannot open', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab');
    await openDashboard(page, 'fr');
    expect(await page.getByTestId('task-to_validate').count()).toBe(0);
    expect(await page.getByTestId('summary-samples').count()).toBe(0);
    expect(await page.getByTestId('quick-validation').count()).toBe(0);
    await page.context().close();
  });
});
