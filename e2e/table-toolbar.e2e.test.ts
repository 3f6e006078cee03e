import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, toggleTheme, transitionsSettled } from './browser.js';
import { lowContrastTexts, overflowing } from './looks-measure.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * The toolbar of the front desk's and the bench's tables on a phone: one row (the search field and
 * a group of buttons) instead of four, with every action of the desktop toolbar still reachable.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;
// Reads, edits, deletes and exports records, patients and samples; the theme is put back at the end.
const USER = 'biologiste@demo.lab';
const TABLES = ['records', 'patients', 'techniques'] as const;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openTable(page: Page, locale: string, table: string): Promise<void> {
  await page.goto(`${baseUrl}/${locale}/table/${table}`);
  await page.locator('[data-testid="table-toolbar"]').waitFor();
  await page.waitForLoadState('networkidle');
}

/** The actions the desktop toolbar offers, by kind. */
async function desktopActions(page: Page): Promise<string[]> {
  const found: string[] = [];
  const present = async (selector: string) => (await page.locator(selector).count()) > 0;
  if (await present('[data-testid="table-search"]')) found.push('search');
  if (await present('[data-testid="table-sort"]')) found.push('sort', 'order');
  if (await present('[data-action="filters"]')) found.push('filters');
  if (await present('[data-action="export"]')) found.push('export');
  if (await present('[data-action="delete"]')) found.push('delete');
  if (await present('[data-action="add"]')) found.push('add');
  return found;
}

/** The same actions on the phone toolbar: three of them live in its menu, opened and closed here. */
async function phoneActions(page: Page): Promise<string[]> {
  const toolbar = page.locator('[data-testid="table-toolbar"]');
  const found: string[] = [];
  const present = async (selector: string) => (await toolbar.locator(selector).count()) > 0;
  if (await present('[data-testid="table-search"]')) found.push('search');
  const more = toolbar.locator('[data-action="more"]');
  const inMenu: string[] = [];
  if (await more.count()) {
    await more.click();
    const menu = page.getByTestId('table-menu');
    await menu.waitFor();
    if ((await menu.locator('[data-sort]').count()) > 1) inMenu.push('sort');
    if ((await menu.locator('[data-order]').count()) === 2) inMenu.push('order');
    if ((await menu.locator('[data-export]').count()) === 4) inMenu.push('export');
    if (await menu.locator('[data-action="delete"]').count()) inMenu.push('delete');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }
  found.push(...inMenu.filter((action) => action === 'sort' || action === 'order'));
  if (await present('[data-action="filters"]')) found.push('filters');
  found.push(...inMenu.filter((action) => action === 'export' || action === 'delete'));
  if (await present('[data-action="add"]')) found.push('add');
  return found;
}

/** The tops and bottoms of the toolbar's items: one row when every item spans the same band. */
function rowsOf(page: Page): Promise<number> {
  return page.locator('[data-testid="table-toolbar"]').evaluate((toolbar) => {
    const tops: number[] = [];
    for (const item of Array.from(toolbar.children)) {
      const box = item.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (!tops.some((top) => Math.abs(top - (box.top + box.height / 2)) < box.height / 2))
        tops.push(box.top + box.height / 2);
    }
    return tops.length;
  });
}

describe('table toolbar on a phone', () => {
  it('keeps one row at 375 px with every desktop action, in both languages and themes', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signIn(page, baseUrl, USER);
    const desktop: Record<string, string[]> = {};
    for (const table of TABLES) {
      await openTable(page, 'fr', table);
      desktop[table] = await desktopActions(page);
      expect(desktop[table]).toEqual(expect.arrayContaining(['search', 'sort', 'order']));
    }
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') {
        await page.setViewportSize({ width: 1280, height: 800 });
        await toggleTheme(page);
      }
      await page.setViewportSize({ width: 375, height: 740 });
      for (const locale of ['fr', 'en'] as const) {
        for (const table of TABLES) {
          await openTable(page, locale, table);
          const where = `${table} ${locale} ${theme}`;
          expect(await page.locator('[data-testid="table-toolbar"]').getAttribute('data-layout'), where).toBe(
            'phone',
          );
          expect(await rowsOf(page), where).toBe(1);
          expect(await phoneActions(page), where).toEqual(desktop[table]);
          expect(await overflowing(page), where).toEqual([]);
          await screenshot(page, `table-toolbar-${table}-${locale}-${theme}-375`);
        }
        // The menu open, as a user sees it: its dimmed (disabled) entries read at 4.5:1 too.
        await openTable(page, locale, 'records');
        await page.locator('[data-action="more"]').click();
        await page.getByTestId('table-menu').waitFor();
        await transitionsSettled(page);
        expect(await lowContrastTexts(page), `menu ${locale} ${theme}`).toEqual([]);
        await screenshot(page, `table-toolbar-menu-${locale}-${theme}-375`);
        await page.keyboard.press('Escape');
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // The biologist's theme goes back as it was: other journeys read it.
    await toggleTheme(page);
    await page.context().close();
  });

  it('sorts, filters and adds from the folded toolbar', async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await signIn(page, baseUrl, USER);
    await openTable(page, 'fr', 'records');
    const toolbar = page.locator('[data-testid="table-toolbar"]');

    // A sort chosen in the menu is the one the menu then ticks, and its order can be turned.
    await toolbar.locator('[data-action="more"]').click();
    const menu = page.getByTestId('table-menu');
    const option = menu.locator('[data-sort]:not([data-sort=""])').first();
    const sortKey = (await option.getAttribute('data-sort')) ?? '';
    const sorted = page.waitForResponse((response) => response.url().includes(`sort_by=${sortKey}`));
    await option.click();
    await sorted;
    await toolbar.locator('[data-action="more"]').click();
    // The menu opens again after the click: the tick is waited for, then counted.
    const tick = menu.locator(`[data-sort="${sortKey}"] svg`);
    await tick.first().waitFor();
    expect(await tick.count()).toBe(1);
    const descending = page.waitForResponse((response) => /sort_order=DESC/.test(response.url()));
    await menu.locator('[data-order="DESC"]').click();
    await descending;

    // The filters unfold under the toolbar.
    await toolbar.locator('[data-action="filters"]').click();
    expect(await toolbar.locator('[data-action="filters"]').getAttribute('aria-expanded')).toBe('true');
    await page.locator('[data-filter]').first().waitFor();
    await screenshot(page, 'table-toolbar-filters-fr-light-375');

    // Add opens the add-record wizard.
    await toolbar.locator('[data-action="add"]').click();
    await page.waitForURL(/\/fr\/form\/records/);
    await page.context().close();
  });
});
