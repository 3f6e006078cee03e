import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, openFilters, screenshot } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * An administrator configures a matrix, a family, a machine, a parameter with a formula and ranges,
 * and an analysis using them; finds it by search, filter and sort; exports it; deletes a row.
 * A read-only user sees no add, edit or delete.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).first();

async function addRow(page: Page, table: string, values: Record<string, string>): Promise<void> {
  await page.goto(`${baseUrl}/fr/table/${table}`);
  await page.locator('[data-action="add"]').click();
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
  await page.locator('[data-action="save"]').click();
  await page.locator('[data-testid="entity-form"]').waitFor({ state: 'detached' });
  await page
    .locator('tbody tr', { hasText: Object.values(values)[0] })
    .first()
    .waitFor();
}

/** Picks a choice of a Mantine Select or MultiSelect by typing part of its label. */
async function choose(page: Page, input: ReturnType<typeof field>, label: string): Promise<void> {
  await input.click();
  if (await input.isEditable()) await input.fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
  // A multi-select stays open after a choice; Escape then closes it (and only it, not the form).
  if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
}

const rowNames = (page: Page) => page.locator('tbody tr td:nth-child(2)').allInnerTexts();

describe('reference tables', () => {
  it('lets an administrator configure an analysis, find it, export it and delete a row', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab');

    await addRow(page, 'matrices', { matrix_name: 'Sang total E2E' });
    await addRow(page, 'families', { family_name: 'Toxicologie E2E', family_rank: '3' });
    await addRow(page, 'machines', { machine_name: 'LC-MS E2E', machine_code: 'LCMS-E2E' });

    // The parameter: its own page, a formula tried with a test value, ranges checked as typed.
    await page.goto(`${baseUrl}/fr/table/parameters`);
    await page.locator('[data-action="add"]').click();
    await page.waitForURL(/\/fr\/form\/parameters$/);
    await field(page, 'parameter_name').fill('Éthanol E2E');
    await field(page, 'parameter_code').fill('ETH-E2E');
    await choose(page, field(page, 'parameter_machine'), 'LC-MS E2E');
    await choose(page, field(page, 'parameter_family'), 'Toxicologie E2E');
    await choose(page, field(page, 'parameter_matrix'), 'Sang total E2E');
    await field(page, 'parameter_unit').fill('g/L');
    await field(page, 'parameter_has_formula').check({ force: true });
    await field(page, 'parameter_formula').fill('x * 2 + 1');
    await page.locator('[data-formula-test="parameter_formula"] [data-variable="x"]').fill('5');
    await expect
      .poll(() => page.locator('[data-testid="formula-result-parameter_formula"]').innerText())
      .toBe('Résultat : 11');
    await field(page, 'parameter_formula_male').fill('x * ');
    await expect
      .poll(() => page.locator('[data-testid="formula-result-parameter_formula_male"]').innerText())
      .toBe('Erreur de syntaxe');
    await field(page, 'parameter_formula_male').fill('');
    await page.locator('[data-action="add-range-block"]').click();
    const defaultRange = page.locator('[data-range-block="0"] tr[data-population="default"]');
    await defaultRange.locator('[data-range="min"]').fill('0.5');
    await defaultRange.locator('[data-range="max"]').fill('0.2');
    await page.locator('[data-testid="bounds-problems"]').waitFor();
    await expect(page.locator('[data-action="save"]').isDisabled()).resolves.toBe(true);
    await defaultRange.locator('[data-range="max"]').fill('2');
    await page.locator('[data-testid="bounds-problems"]').waitFor({ state: 'detached' });
    await page
      .locator('[data-range-block="0"] tr[data-population="adultMale"] [data-range="max"]')
      .fill('2.5');
    await screenshot(page, 'reference-parameter-form-fr-light');
    await page.locator('[data-action="save"]').click();
    // After saving, back to the parameters table (spec.md §7).
    await page.waitForURL(/\/fr\/table\/parameters$/);
    await page.locator('tbody tr', { hasText: 'Éthanol E2E' }).waitFor();

    // The analysis using them.
    await page.goto(`${baseUrl}/fr/table/analyses`);
    await page.locator('[data-action="add"]').click();
    await field(page, 'analysis_name').fill('Alcoolémie E2E');
    await choose(page, field(page, 'analysis_matrix'), 'Sang total E2E');
    await choose(page, field(page, 'analysis_family'), 'Toxicologie E2E');
    await choose(page, field(page, 'analysis_parameters'), 'Éthanol E2E');
    await choose(page, field(page, 'analysis_machines'), 'LC-MS E2E');
    await field(page, 'analysis_visible').check({ force: true });
    await field(page, 'analysis_custom_cost_cents').fill('12,5');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ajouter une remarque' }).click();
    await dialog.getByLabel('Intervalle ou seuil').fill('0,5 -');
    await dialog.getByText('Écrire « min - max », « <x » ou « >x »').waitFor();
    await dialog.getByLabel('Intervalle ou seuil').fill('< 0,5');
    await dialog.getByLabel('Remarque', { exact: true }).fill('Sous le seuil légal');
    await page.locator('[data-action="save"]').click();
    await page.locator('[data-testid="entity-form"]').waitFor({ state: 'detached' });
    const created = page.locator('tbody tr', { hasText: 'Alcoolémie E2E' });
    await created.waitFor();
    expect(await created.innerText()).toContain('12,50');

    // A second analysis, made directly, to see the sort at work.
    const headers = await apiLogin(baseUrl, 'admin@demo.lab');
    await send(baseUrl, 'POST', '/api/add-analysis', { analysis_name: 'Alcoolémie E2E bis' }, headers);

    // Search, sort, filter.
    await page.reload();
    await page.locator('[data-testid="table-search"]').fill('Alcoolémie E2E');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await choose(page, page.locator('[data-testid="table-sort"]'), 'Nom');
    await expect.poll(() => rowNames(page)).toEqual(['Alcoolémie E2E', 'Alcoolémie E2E bis']);
    await page.locator('[data-testid="table-order"]').getByText('Décroissant').click();
    await expect.poll(() => rowNames(page)).toEqual(['Alcoolémie E2E bis', 'Alcoolémie E2E']);
    await openFilters(page);
    await choose(page, page.locator('[data-filter="analysis_matrix"]'), 'Sang total E2E');
    await expect.poll(() => rowNames(page)).toEqual(['Alcoolémie E2E']);
    await screenshot(page, 'reference-analyses-fr-light');

    // Export of the selected row, as CSV: the downloaded file holds it.
    await page.locator('tbody tr', { hasText: 'Alcoolémie E2E' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Exporter' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-export="selected-csv"]').click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header?.split(';')).toContain('analysis_name');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Alcoolémie E2E');
    expect(lines[0]).toContain('1250');
    expect(download.suggestedFilename()).toMatch(/^analyses-\d{4}-\d{2}-\d{2}\.csv$/);

    // Delete a row, after confirming.
    await page.locator('[data-filter="analysis_matrix"]').locator('..').locator('button').last().click();
    await page
      .locator('tbody tr', { hasText: 'Alcoolémie E2E', hasNotText: 'bis' })
      .getByRole('checkbox')
      .uncheck();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await page.locator('tbody tr', { hasText: 'E2E bis' }).getByRole('checkbox').check();
    await page.locator('[data-action="delete"]').click();
    await page.locator('[data-testid="confirm-delete"]').click();
    await expect.poll(() => rowNames(page)).toEqual(['Alcoolémie E2E']);
    await page.context().close();
  });

  it('shows the analyses table and the parameter form in English and dark, and on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, baseUrl, 'admin@demo.lab', '/en/');
    // Dark for this browser only: the administrator's saved preference stays as other journeys expect.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${baseUrl}/en/table/analyses`);
    await page.locator('tbody tr', { hasText: 'Alcoolémie E2E' }).waitFor();
    await screenshot(page, 'reference-analyses-en-dark');
    await page.locator('tbody tr', { hasText: 'Alcoolémie E2E' }).locator('td').nth(1).click();
    await expect.poll(() => field(page, 'analysis_name').inputValue()).toBe('Alcoolémie E2E');
    await screenshot(page, 'reference-analysis-form-en-dark');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/en/table/parameters`);
    // The table's first answer settled before the row is clicked, and the form given the time a
    // loaded machine takes to load its pickers (a CI run once took more than the default).
    await page.locator('[data-testid="row-count"]').waitFor();
    await page.locator('tbody tr', { hasText: 'Éthanol E2E' }).click();
    await page.waitForURL(/\/en\/form\/parameters\/[0-9a-f-]+$/, { timeout: 30_000 });
    await expect.poll(() => field(page, 'parameter_formula').inputValue()).toBe('x * 2 + 1');
    await screenshot(page, 'reference-parameter-form-en-dark');
    await page.context().close();

    const phone = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await signIn(phone, baseUrl, 'admin@demo.lab', '/fr/table/analyses');
    await phone.locator('[data-row-id]', { hasText: 'Alcoolémie E2E' }).waitFor();
    await screenshot(phone, 'reference-analyses-mobile');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.goto(`${baseUrl}/fr/table/parameters`);
    await phone.locator('[data-row-id]', { hasText: 'Éthanol E2E' }).locator('button').first().click();
    await phone.waitForURL(/\/fr\/form\/parameters\/[0-9a-f-]+$/);
    await field(phone, 'parameter_name').waitFor();
    await screenshot(phone, 'reference-parameter-form-mobile');
    await phone.context().close();
  });

  it('shows a read-only user no add, edit or delete', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'technicien@demo.lab');
    for (const table of ['analyses', 'parameters', 'matrices', 'machines', 'families']) {
      await page.goto(`${baseUrl}/fr/table/${table}`);
      await page.locator('[data-testid="row-count"]').waitFor();
      await page.locator('tbody tr').first().waitFor();
      expect(await page.locator('[data-action="add"]').count(), table).toBe(0);
      expect(await page.locator('[data-action="delete"]').count(), table).toBe(0);
    }
    // A row click opens nothing.
    await page.goto(`${baseUrl}/fr/table/analyses`);
    await page.locator('tbody tr', { hasText: 'Alcoolémie E2E' }).locator('td').nth(1).click();
    await page.waitForTimeout(300);
    expect(await page.locator('[data-testid="entity-form"]').count()).toBe(0);
    await page.context().close();
  });
});
