import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, setTheme } from './browser.js';
import {
  type Glycemia,
  glycemiaToValidate,
  type RecordToValidate,
  setUpGlycemia,
  validateAll,
  waitForToast,
} from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * The amendment of a report already out (issue 37, decision 0023): a record validated and sent on
 * paper; the biologist invalidates it with a reason, the technician corrects the glucose on the
 * bench, the biologist validates again; version 2 says it replaces version 1, both are listed, and
 * the paper channel is to do again until the amended report is handed over.
 */
const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36).toUpperCase();
const reason = 'Glycémie saisie sur le mauvais tube';
let browser: Browser;
let admin: Record<string, string>;
let secretary: Record<string, string>;
let glycemia: Glycemia;
let record: RecordToValidate;
let sampleNumber: string;

interface Deliveries {
  record_status: number;
  deliveries: Array<{ delivery_id: string; delivery_channel: string; delivery_state: string }>;
}
const deliveries = async () =>
  (await send(
    baseUrl,
    'GET',
    `/api/get-record-deliveries?record_id=${record.id}`,
    undefined,
    secretary,
  )) as Deliveries;
/** The paper copy handed over, as the front desk says so: the record is sent once it is done. */
async function handOverPaper(): Promise<Deliveries> {
  const paper = (await deliveries()).deliveries.find((row) => row.delivery_channel === 'paper');
  return (await send(
    baseUrl,
    'PUT',
    '/api/mark-delivery-done',
    { delivery_id: paper?.delivery_id },
    secretary,
  )) as Deliveries;
}

beforeAll(async () => {
  [admin, secretary, browser] = await Promise.all([
    apiLogin(baseUrl, 'admin@demo.lab'),
    apiLogin(baseUrl, 'secretariat@demo.lab'),
    launchBrowser(),
  ]);
  glycemia = await setUpGlycemia(baseUrl, admin, stamp);
  record = await glycemiaToValidate(baseUrl, admin, glycemia, {
    patient_surname: `AMENDE${stamp}`,
    record_must_paper: true,
  });
  await validateAll(baseUrl, await apiLogin(baseUrl, 'biologiste@demo.lab'), record);
  expect((await handOverPaper()).record_status).toBe(5);
  const [sample] = (await send(
    baseUrl,
    'GET',
    `/api/get-sample?sample_id=${record.samples[0]}`,
    undefined,
    admin,
  )) as Array<{ sample_number: string }>;
  sampleNumber = String(sample?.sample_number);
});
afterAll(() => browser?.close());

const review = (page: Page) => page.locator('[data-testid="record-review"]');
const dialog = (page: Page) => page.locator('[data-testid="invalidate-dialog"]');
const versions = (page: Page) => page.locator('[data-testid="report-card"] [data-testid="report-versions"]');

/** The invalidation screen of the record, its sample chosen and the reason asked. */
async function askInvalidation(page: Page): Promise<void> {
  await expect.poll(() => review(page).getAttribute('data-record')).toBe(record.id);
  for (const sampleId of record.samples)
    await page.locator(`[data-sample="${sampleId}"] [data-action="choose-sample"]`).check();
  await page.locator('[data-action="invalidate"]').click();
  await dialog(page).locator('[data-field="reason"]').waitFor();
}

describe('amendment of a sent report', () => {
  it('invalidates with a reason, corrects on the bench, validates: v2 replaces v1, both listed, sent again', async () => {
    const biologist = await newPage(browser);
    await signIn(biologist, baseUrl, 'biologiste@demo.lab', `/fr/invalidate-record/${record.id}`);
    await expect.poll(() => review(biologist).getAttribute('data-status')).toBe('5');
    await askInvalidation(biologist);
    // Sent: the dialog says the amended report will go out again; no reason, no invalidation.
    expect(await dialog(biologist).locator('[data-testid="invalidate-sent"]').innerText()).toContain(
      'annule et remplace',
    );
    const confirm = dialog(biologist).locator('[data-action="confirm-invalidate"]');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog(biologist).locator('[data-field="reason"]').fill('   ');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog(biologist).locator('[data-field="reason"]').fill(reason);
    await screenshot(biologist, 'amendment-invalidate-fr-light-1280');
    await confirm.click();
    await waitForToast(biologist, 'Invalidé avec succès');
    await expect.poll(() => review(biologist).getAttribute('data-status')).toBe('3');

    // The technician corrects the glucose on the bench.
    const technician = await newPage(browser);
    await signIn(
      technician,
      baseUrl,
      'technicien@demo.lab',
      `/fr/table/techniques?${new URLSearchParams({ search: sampleNumber, sample: record.samples[0] ?? '' })}`,
    );
    const glucose = technician.getByRole('dialog').locator(`input[data-result^="Glucose "]`);
    await glucose.waitFor();
    expect(await glucose.inputValue()).toBe('1,32');
    await glucose.fill('0,95');
    await technician.keyboard.press('Control+Enter');
    await waitForToast(technician, 'Résultats enregistrés');
    await technician.context().close();

    // Validated again: version 2, which replaces version 1, both on the record.
    await biologist.goto(`${baseUrl}/fr/validate-record/${record.id}`);
    await expect
      .poll(() => review(biologist).locator(`[data-line="Glucose ${stamp}"]`).innerText())
      .toContain('0,95');
    for (const sampleId of record.samples)
      await biologist.locator(`[data-sample="${sampleId}"] [data-action="choose-sample"]`).check();
    await biologist.locator('[data-action="validate"]').click();
    await waitForToast(biologist, 'Validé avec succès');
    await biologist.goto(`${baseUrl}/fr/preview-record/${record.id}`);
    const second = versions(biologist).locator('[data-version="2"]');
    await second.waitFor();
    expect(await second.innerText()).toContain('Annule et remplace la version 1');
    expect(await second.innerText()).toContain(`Motif : ${reason}`);
    // textContent: the badge's capitals are the style's, not the text's.
    expect(await versions(biologist).locator('[data-version="1"]').textContent()).toContain(
      'Remplacée par la version 2',
    );
    await versions(biologist).scrollIntoViewIfNeeded();
    await screenshot(biologist, 'amendment-versions-fr-light-1280');
    const [file] = await Promise.all([
      biologist.waitForEvent('download'),
      second.locator('[data-action="download-report"]').click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${record.number} - COMPTE RENDU V2.pdf`);

    // The paper copy is to hand over again, and the record is sent once it is.
    const due = await deliveries();
    expect(due.record_status).toBe(4);
    expect(due.deliveries.find((row) => row.delivery_channel === 'paper')?.delivery_state).toBe('pending');
    expect((await handOverPaper()).record_status).toBe(5);
    await biologist.context().close();
  });

  it('reads in English and French, light and dark, on a desktop and a phone', async () => {
    for (const locale of ['fr', 'en'] as const) {
      const page = await newPage(browser, { locale: locale === 'en' ? 'en-GB' : 'fr-FR' });
      await signIn(page, baseUrl, 'biologiste@demo.lab', `/${locale}/invalidate-record/${record.id}`);
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`${baseUrl}/${locale}/invalidate-record/${record.id}`);
        await askInvalidation(page);
        await dialog(page)
          .locator('[data-field="reason"]')
          .fill(locale === 'en' ? 'Wrong tube' : reason);
        await screenshot(page, `amendment-invalidate-${locale}-${theme}-1280`);
        await page.setViewportSize({ width: 375, height: 812 });
        await screenshot(page, `amendment-invalidate-${locale}-${theme}-375`);
        await page.keyboard.press('Escape');
        await page.goto(`${baseUrl}/${locale}/preview-record/${record.id}`);
        await versions(page).locator('[data-version="2"]').waitFor();
        await page.locator('[data-testid="report-card"]').scrollIntoViewIfNeeded();
        await screenshot(page, `amendment-versions-${locale}-${theme}-375`);
        await page.setViewportSize({ width: 1280, height: 800 });
        await versions(page).locator('[data-version="1"]').waitFor();
        await page.locator('[data-testid="report-card"]').scrollIntoViewIfNeeded();
        await screenshot(page, `amendment-versions-${locale}-${theme}-1280`);
      }
      if (locale === 'en')
        expect(await versions(page).locator('[data-version="2"]').innerText()).toContain(
          'Cancels and replaces version 1',
        );
      // The theme is the user's saved preference: back to light for the other journeys.
      await setTheme(page, 'light');
      await page.context().close();
    }
  });
});
