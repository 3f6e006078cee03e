import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { inScheme, launchBrowser, newPage, screenshot } from './browser.js';
import { idOf, waitForToast } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * Samples move on by themselves (issue 40): the technician enters a sample's results on the bench
 * and, with no other click, the sample is complete and its record waits in the validation queue;
 * at reception, tubes scanned one after the other into the samples list receive their records, with
 * a running list of what was received or refused.
 */
const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36).toUpperCase();
let admin: Record<string, string>;
let browser: Browser;
const bench = { recordId: '', sampleId: '', number: '' };
const arriving: Array<{ recordId: string; number: string }> = [];

interface Created {
  record_id: string;
  samples: Array<{ sample_id: string; sample_number: string }>;
}

const recordOf = async (recordId: string) =>
  (
    (await send(baseUrl, 'GET', `/api/get-record?record_id=${recordId}`, undefined, admin)) as Array<{
      record_status: number;
    }>
  )[0];

beforeAll(async () => {
  admin = await apiLogin(baseUrl, 'admin@demo.lab');
  const add = async (path: string, body: Record<string, unknown>, field: string) =>
    idOf(await send(baseUrl, 'POST', path, body, admin), field);
  const blood = await add('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const serum = await add('/api/add-sampletype', { sample_type_name: `Tube sec ${stamp}` }, 'sample_type_id');
  const parameter = (name: string) =>
    add(
      '/api/add-parameter',
      { parameter_name: `${name} ${stamp}`, parameter_unit: 'mmol/L', parameter_decimals: 1 },
      'parameter_id',
    );
  const sodium = await parameter('Sodium');
  const potassium = await parameter('Potassium');
  const ionogram = await add(
    '/api/add-analysis',
    {
      analysis_name: `Ionogramme ${stamp}`,
      analysis_matrix: blood,
      analysis_sample_type: serum,
      analysis_visible: true,
      analysis_parameters: [sodium, potassium],
    },
    'analysis_id',
  );
  const newRecord = async (surname: string) =>
    (await send(
      baseUrl,
      'POST',
      '/api/add-patient',
      {
        patient_surname: `${surname}${stamp}`,
        patient_name: 'Hélène',
        patient_gender: 'F',
        patient_dob: '1968-02-11',
        record_selected_analyses: [{ combination: 1, analysis_ids: [ionogram] }],
      },
      admin,
    )) as Created;
  const onBench = await newRecord('BANC');
  await send(baseUrl, 'PUT', '/api/receive-record', { record_id: onBench.record_id }, admin);
  bench.recordId = onBench.record_id;
  bench.sampleId = onBench.samples[0]?.sample_id ?? '';
  bench.number = onBench.samples[0]?.sample_number ?? '';
  for (const surname of ['ARRIVEE', 'COURSIER']) {
    const created = await newRecord(surname);
    arriving.push({ recordId: created.record_id, number: created.samples[0]?.sample_number ?? '' });
  }
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const dialog = (page: Page) => page.getByRole('dialog');
const input = (page: Page, name: string) => dialog(page).locator(`input[data-result^="${name} "]`);

describe('samples that move on by themselves', () => {
  it('sends a sample to the validation queue once its results are saved on the bench, with no other click', async () => {
    const page = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      'technicien@demo.lab',
      `/fr/table/techniques?${new URLSearchParams({ search: bench.number, sample: bench.sampleId })}`,
    );
    await input(page, 'Sodium').waitFor();
    await input(page, 'Sodium').focus();
    await page.keyboard.type('140');
    await page.keyboard.press('Enter');
    await page.keyboard.type('4,1');
    await page.keyboard.press('Control+Enter');
    await waitForToast(page, 'Résultats enregistrés');
    // The record is pending validation (3) without a visit to the record page.
    await expect.poll(async () => (await recordOf(bench.recordId))?.record_status).toBe(3);
    // The bench says who took the sample out and when, by name, as the record screen does.
    const removedBy = /^Retiré par Camille Durand \(technicienne\) le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
    await expect
      .poll(() =>
        dialog(page).locator('[data-testid="results-sample-steps"] [data-step="removed"]').textContent(),
      )
      .toMatch(removedBy);
    await screenshot(page, 'samples-flow-bench-steps-fr-light-1280');
    await page.keyboard.press('Escape');
    // The samples list shows it complete, its two results entered, and who took it out and when.
    const row = page.locator(`[data-row-id="${bench.sampleId}"]`).first();
    await expect
      .poll(() => row.locator('[data-mark="results-progress"]').textContent())
      .toBe('résultats 2/2');
    expect(await row.locator('[data-step="removed"]').textContent()).toMatch(removedBy);
    await screenshot(page, 'samples-flow-bench-fr-light-1280');
    await inScheme(page, 'dark', () => screenshot(page, 'samples-flow-bench-fr-dark-1280'));
  });

  it('names who took each step in English, and on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB', viewport: { width: 375, height: 800 } });
    await signIn(
      page,
      baseUrl,
      'technicien@demo.lab',
      `/en/table/techniques?${new URLSearchParams({ search: bench.number })}`,
    );
    const removedBy = /^Removed by Camille Durand \(technicienne\) on /;
    const row = page.locator(`[data-row-id="${bench.sampleId}"]`).first();
    await expect.poll(() => row.locator('[data-step="removed"]').textContent()).toMatch(removedBy);
    await inScheme(page, 'dark', () => screenshot(page, 'samples-flow-steps-en-dark-375'));
    await row.click();
    await expect
      .poll(() =>
        dialog(page).locator('[data-testid="results-sample-steps"] [data-step="removed"]').textContent(),
      )
      .toMatch(removedBy);
    await inScheme(page, 'dark', () => screenshot(page, 'samples-flow-bench-steps-en-dark-375'));
    await screenshot(page, 'samples-flow-bench-steps-en-light-375');
  });

  it('receives the records of tubes scanned in a row into the samples list, and says which were refused', async () => {
    const page = await newPage(browser);
    // The pre-analytical bench receives the tubes: the technician reads samples and receives records.
    await signIn(page, baseUrl, 'technicien@demo.lab', '/fr/table/techniques');
    await page.getByTestId('tube-scan-mode').getByText('Réception').click();
    const field = page.getByTestId('tube-scan');
    for (const number of [...arriving.map((tube) => tube.number), `${stamp}-99`]) {
      await field.fill(number);
      await field.press('Enter');
    }
    const lines = page.locator('[data-testid="scanned-tubes"] tr');
    await expect.poll(() => lines.count()).toBe(3);
    expect(await page.locator('[data-testid="scanned-tubes"] tr[data-outcome="received"]').count()).toBe(2);
    expect(await page.locator('[data-testid="scanned-tubes"] tr[data-outcome="refused"]').count()).toBe(1);
    for (const tube of arriving) expect((await recordOf(tube.recordId))?.record_status).toBe(1);
    // The same tube again: its record was received already, nothing changes.
    const [first] = arriving;
    await field.fill(first?.number ?? '');
    await field.press('Enter');
    await expect
      .poll(() => page.locator('[data-testid="scanned-tubes"] tr[data-outcome="already"]').count())
      .toBe(1);
    await screenshot(page, 'samples-flow-reception-fr-light-1280');
  });
});
