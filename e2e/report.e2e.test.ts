import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { glycemiaToValidate, type RecordToValidate, setUpGlycemia, waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * The result report in the browser (issue 15): a record prepared through the API as the bench
 * leaves it; the biologist previews the report before validating (a watermarked PDF opens), validates,
 * then finds version 1 on the record screen and downloads it as it was stored.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
let record: RecordToValidate;

const api = (method: string, path: string, body?: unknown) => send(server.url, method, path, body, admin);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser({ pdfViewer: true })]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const glycemia = await setUpGlycemia(server.url, admin, stamp);
  record = await glycemiaToValidate(server.url, admin, glycemia, { patient_surname: `RAPPORT${stamp}` });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (page: Page) => page.locator('[data-testid="report-card"]');

describe('result report', () => {
  it('previews before validation, then downloads the stored version after it', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'biologiste@demo.lab', `/fr/validate-record/${record.id}`);
    await card(page).waitFor();
    await page.mouse.move(900, 700);
    await expect.poll(() => card(page).innerText()).toContain('Aucun compte rendu');
    const previewButton = card(page).locator('[data-action="preview-report"]');
    expect(await previewButton.innerText()).toBe('Prévisualiser le compte rendu');
    const [viewer] = await Promise.all([page.waitForEvent('popup'), previewButton.click()]);
    expect(viewer.url()).toMatch(/^blob:/);
    await viewer.close();
    await screenshot(page, 'report-validation-fr-light-1280');

    for (const sampleId of record.samples)
      await page.locator(`[data-sample="${sampleId}"] [data-action="choose-sample"]`).check();
    await page.locator('[data-action="validate"]').click();
    await waitForToast(page, 'Validé avec succès');

    await page.goto(`${server.url}/fr/preview-record/${record.id}`);
    const version = card(page).locator('[data-testid="report-versions"] tr[data-version="1"]');
    await version.waitFor();
    // textContent: the badge's capitals are the style's, not the text's.
    expect(await version.textContent()).toContain('Final');
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'report-record-fr-light-1280');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      version.locator('[data-action="download-report"]').click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${record.number} - COMPTE RENDU V1.pdf`);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [stored] = (await api('GET', `/api/get-report-versions?record_id=${record.id}`)) as Array<{
      report_size: number;
    }>;
    expect(bytes.length).toBe(stored?.report_size);
    await waitForToast(page, 'Compte rendu téléchargé');
    await page.context().close();
  });

  it('reads in English and dark, and on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, server.url, 'biologiste@demo.lab', '/en/');
    await toggleTheme(page);
    await page.goto(`${server.url}/en/preview-record/${record.id}`);
    await card(page).locator('[data-version="1"]').waitFor();
    expect(await card(page).locator('[data-action="preview-report"]').innerText()).toBe('Preview the report');
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'report-record-en-dark-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    // On a phone each version is a card of its own, its download button in reach.
    await card(page).locator('div[data-version="1"] [data-action="download-report"]').waitFor();
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'report-record-en-dark-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(page);
    await page.context().close();
  });
});
