import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { choose, waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Non-conformities in the browser (issue 13): on a demo record pending validation, a technician
 * opens an NCT from the sample's bench; the record shows it; the biologist's validation is refused
 * (mustCloseNct); the NCT is closed from the record and the validation passes. Then an ANE and an
 * NCA are added from the record screen, and the screen is read in English, dark and on a phone.
 * Its own server, so that no other journey validates the demo record meanwhile.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;

interface DemoRecord {
  record_id: string;
  record_number: string;
  samples: Array<{ sample_id: string; sample_number: string }>;
  record_analyses: Array<{ analysis_id: string; analysis_name: string }>;
}
let record: DemoRecord;

const api = (method: string, path: string, body?: unknown) => send(server.url, method, path, body, admin);
const card = (page: Page) => page.locator('[data-testid="nonconformities-card"]');
const modal = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).last();
const firstSample = () => record.samples[0] ?? { sample_id: '', sample_number: '' };

async function fillText(page: Page, id: string, text: string) {
  await modal(page, id).locator('[data-field="text"]').fill(text);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const waiting = (await api('GET', '/api/get-records-to-validate')) as Array<{ record_id: string }>;
  const id = waiting[0]?.record_id ?? '';
  const [found] = (await api('GET', `/api/get-record?record_id=${id}`)) as DemoRecord[];
  if (!found) throw new Error('The demo laboratory has no record waiting for validation');
  record = found;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('non-conformities', () => {
  it('holds validation back with an open NCT until it is closed', async () => {
    const sample = firstSample();
    const technician = await newPage(browser);
    await signIn(technician, server.url, 'technicien@demo.lab');
    await technician.goto(
      `${server.url}/fr/table/techniques?${new URLSearchParams({ search: sample.sample_number, sample: sample.sample_id })}`,
    );
    const bench = technician.getByRole('dialog').locator('[data-testid="sample-nonconformity"]');
    await bench.locator('[data-action="open-nct"]').click();
    await choose(technician, 'code', 'Prélèvement insuffisant');
    await fillText(technician, 'open-nct-modal', 'Tube citraté à moitié rempli');
    await modal(technician, 'open-nct-modal').locator('[data-action="save-nonconformity"]').click();
    await waitForToast(technician, 'NCT ouverte');
    await bench.locator('[data-state="nct-active"]').waitFor();
    await screenshot(technician, 'nonconformities-bench-fr-light-1280');
    await technician.context().close();

    // The record shows the open NCT on its sample.
    const biologist = await newPage(browser);
    await signIn(biologist, server.url, 'biologiste@demo.lab', `/fr/preview-record/${record.record_id}`);
    const sampleRow = card(biologist).locator(`[data-sample-number="${sample.sample_number}"]`);
    await expect.poll(() => sampleRow.innerText()).toContain('Prélèvement insuffisant');
    expect(await sampleRow.innerText()).toContain('Tube citraté à moitié rempli');

    // Validation is held back while it is open: the sample cannot be chosen, and says why.
    await biologist.goto(`${server.url}/fr/validate-record/${record.record_id}`);
    const held = biologist.locator(`[data-sample="${sample.sample_id}"]`);
    await expect.poll(() => held.locator('[data-action="choose-sample"]').isDisabled()).toBe(true);
    expect(await held.innerText()).toContain('NCT ouverte');

    // Closed from the record with its solution, then validated.
    await biologist.goto(`${server.url}/fr/preview-record/${record.record_id}`);
    await sampleRow.locator('[data-action="close-nct"]').click();
    await fillText(biologist, 'close-nct-modal', 'Prélèvement refait le jour même');
    await modal(biologist, 'close-nct-modal').locator('[data-action="save-nonconformity"]').click();
    await waitForToast(biologist, 'NCT clôturée');
    await expect.poll(() => sampleRow.innerText()).toContain('Prélèvement refait le jour même');
    expect(await sampleRow.locator('[data-state="nct-active"]').count()).toBe(0);

    await biologist.goto(`${server.url}/fr/validate-record/${record.record_id}`);
    for (const each of record.samples)
      await biologist.locator(`[data-sample="${each.sample_id}"] [data-action="choose-sample"]`).check();
    await biologist.locator('[data-action="validate"]').click();
    await waitForToast(biologist, 'Validé avec succès');
    const [validated] = (await api('GET', `/api/get-record?record_id=${record.record_id}`)) as Array<{
      record_status: number;
    }>;
    expect(validated?.record_status).toBe(4);
    await biologist.context().close();
  });

  it('adds an ANE and an NCA from the record screen', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'secretariat@demo.lab', `/fr/preview-record/${record.record_id}`);
    await card(page).waitFor();
    const analysis = record.record_analyses[0]?.analysis_name ?? '';
    // The record is validated, not sent: an ANE may still be written on it.
    await card(page).locator('[data-action="add-ane"]').click();
    await choose(page, 'choice', analysis);
    await choose(page, 'code', 'Patient non à jeun');
    await modal(page, 'add-ane-modal').locator('[data-action="save-nonconformity"]').click();
    await waitForToast(page, 'ANE enregistrée');
    await expect
      .poll(() => card(page).locator('[data-testid="ane-row"]').innerText())
      .toContain(`${analysis} · Patient non à jeun`);

    await card(page).locator('[data-action="add-nca"]').click();
    await choose(page, 'code', 'Ordonnance / prescription illisible');
    await fillText(page, 'add-nca-modal', 'Posologie illisible');
    await modal(page, 'add-nca-modal').locator('[data-action="save-nonconformity"]').click();
    await waitForToast(page, 'NCA ajoutée');
    const nca = card(page).locator('[data-testid="nca-row"]');
    await expect.poll(() => nca.getAttribute('data-resolved')).toBe('false');
    expect(await nca.innerText()).toContain('Posologie illisible');
    await expect.poll(() => page.locator('[data-testid="record-badges"] [data-flag="nca"]').count()).toBe(1);
    await screenshot(page, 'nonconformities-record-fr-light-1280');

    await nca.locator('[data-action="resolve-nca"]').click();
    await fillText(page, 'resolve-nca-modal', 'Prescripteur rappelé');
    await modal(page, 'resolve-nca-modal').locator('[data-action="save-nonconformity"]').click();
    await waitForToast(page, 'NCA résolue');
    await expect.poll(() => nca.getAttribute('data-resolved')).toBe('true');
    expect(await nca.innerText()).toContain('Solution : Prescripteur rappelé');
    await expect.poll(() => page.locator('[data-testid="record-badges"] [data-flag="nca"]').count()).toBe(0);

    // The list finds the record among those with ANEs.
    await page.goto(
      `${server.url}/fr/table/records?${new URLSearchParams({ search: record.record_number })}`,
    );
    const withAnes = (await api(
      'GET',
      '/api/get-records?filter_column[]=records_with_anes&filter_value[]=true&number_of_records=500',
    )) as { data: Array<{ record_id: string }> };
    expect(withAnes.data.map((row) => row.record_id)).toContain(record.record_id);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/fr/preview-record/${record.record_id}`);
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'nonconformities-record-fr-light-375');
    await page.context().close();
  });

  it('reads in English and dark, on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, server.url, 'biologiste@demo.lab', '/en/');
    await toggleTheme(page);
    await page.goto(`${server.url}/en/preview-record/${record.record_id}`);
    await card(page).waitFor();
    await expect.poll(() => card(page).innerText()).toContain('Analyses not performed (ANE)');
    // The NCAs come with their own read, after the ANEs.
    await expect.poll(() => card(page).innerText()).toContain('Illegible order / prescription');
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'nonconformities-record-en-dark-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'nonconformities-record-en-dark-375');
    // The theme is the user's saved preference: back to light for the next page.
    await page.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(page);
    await page.context().close();
  });
});
