import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { inScheme, launchBrowser, newPage, screenshot } from './browser.js';
import { idOf, waitForToast } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * Batch result entry (issue 40): from a machine's work list, the technician opens the blood
 * count's grid and enters 20 samples × 6 results by keyboard only (type, Enter to the next cell,
 * the next sample after the last parameter), saves them all with Ctrl+Enter, and with no other
 * click the 20 records wait in the validation queue. The keys and clicks are counted.
 */
const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36).toUpperCase();
const SAMPLES = 20;
/** The six parameters of the blood count, with a plausible value each (French decimal comma). */
const PARAMETERS = [
  { name: 'Leucocytes', unit: 'G/L', values: (row: number) => `${6 + (row % 4)},${row % 10}` },
  { name: 'Hématies', unit: 'T/L', values: (row: number) => `4,${50 + row}` },
  // Its range (12–16 g/dL) flags the rows typed above 16 while they are typed.
  {
    name: 'Hémoglobine',
    unit: 'g/dL',
    values: (row: number) => `${12 + (row % 5)},${row % 10}`,
    range: [12, 16],
  },
  { name: 'Hématocrite', unit: '%', values: (row: number) => `${38 + (row % 8)}` },
  { name: 'VGM', unit: 'fL', values: (row: number) => `${85 + (row % 10)}` },
  { name: 'Plaquettes', unit: 'G/L', values: (row: number) => `${200 + row * 7}` },
] as const satisfies ReadonlyArray<{
  name: string;
  unit: string;
  values: (row: number) => string;
  range?: readonly number[];
}>;
let admin: Record<string, string>;
let browser: Browser;
let machineId = '';
const analysisName = `NFS série ${stamp}`;
const records: string[] = [];

beforeAll(async () => {
  admin = await apiLogin(baseUrl, 'admin@demo.lab');
  const add = async (path: string, body: Record<string, unknown>, field: string) =>
    idOf(await send(baseUrl, 'POST', path, body, admin), field);
  machineId = await add(
    '/api/add-machine',
    { machine_name: `Automate ${stamp}`, machine_code: `AUTO${stamp}` },
    'machine_id',
  );
  const blood = await add('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const edta = await add('/api/add-sampletype', { sample_type_name: `Tube EDTA ${stamp}` }, 'sample_type_id');
  const parameters: string[] = [];
  for (const parameter of PARAMETERS)
    parameters.push(
      await add(
        '/api/add-parameter',
        {
          parameter_name: `${parameter.name} ${stamp}`,
          parameter_unit: parameter.unit,
          parameter_decimals: 1,
          parameter_ranges:
            'range' in parameter
              ? [{ population: 'default', min: parameter.range[0], max: parameter.range[1] }]
              : [],
        },
        'parameter_id',
      ),
    );
  const count = await add(
    '/api/add-analysis',
    {
      analysis_name: analysisName,
      analysis_matrix: blood,
      analysis_sample_type: edta,
      analysis_visible: true,
      analysis_parameters: parameters,
      analysis_machines: [machineId],
    },
    'analysis_id',
  );
  for (let index = 0; index < SAMPLES; index += 1) {
    const created = (await send(
      baseUrl,
      'POST',
      '/api/add-patient',
      {
        patient_surname: `SERIE${stamp}${String.fromCharCode(65 + index)}`,
        patient_name: 'Claire',
        patient_gender: 'F',
        patient_dob: `19${50 + index}-03-14`,
        record_selected_analyses: [{ combination: 1, analysis_ids: [count] }],
      },
      admin,
    )) as { record_id: string };
    await send(baseUrl, 'PUT', '/api/receive-record', { record_id: created.record_id }, admin);
    records.push(created.record_id);
  }
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const grid = (page: Page) => page.getByTestId('batch-entry');
const group = (page: Page) => page.locator(`[data-worklist-group="${analysisName}"]`);

describe('batch result entry', () => {
  it('fits a phone: one sample under the other, Enter still moves to the next result (375 px)', async () => {
    const page = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, baseUrl, 'technicien@demo.lab', `/en/worklists/${machineId}`);
    await group(page).locator('[data-action="batch-entry"]').click();
    const first = grid(page).locator('input[data-cell]').first();
    await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('7.1');
    await page.keyboard.press('Enter');
    const second = grid(page).locator('input[data-cell]').nth(1);
    expect(await second.evaluate((element) => element === document.activeElement)).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'batch-entry-en-light-mobile');
    await inScheme(page, 'dark', () => screenshot(page, 'batch-entry-en-dark-mobile'));
    await page.context().close();
  });

  it('enters 20 samples × 6 results from a work list by keyboard only; the records then wait for validation', async () => {
    const page = await newPage(browser);
    let clicks = 0;
    let keys = 0;
    await signIn(page, baseUrl, 'technicien@demo.lab', `/fr/worklists/${machineId}`);
    await expect.poll(() => group(page).locator('tbody tr').count()).toBe(SAMPLES);
    await group(page).locator('[data-action="batch-entry"]').click();
    clicks += 1;
    const rows = grid(page).locator('[data-batch-row]');
    await expect.poll(() => rows.count()).toBe(SAMPLES);
    const first = grid(page).locator('input[data-cell]').first();
    await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);
    const numbers = await rows.evaluateAll((found) =>
      found.map((row) => row.getAttribute('data-batch-row') ?? ''),
    );

    for (let row = 0; row < SAMPLES; row += 1) {
      for (const [column, parameter] of PARAMETERS.entries()) {
        const value = parameter.values(row);
        await page.keyboard.type(value);
        keys += value.length;
        if (row === SAMPLES - 1 && column === PARAMETERS.length - 1) break;
        await page.keyboard.press('Enter');
        keys += 1;
      }
      if (row === 0) await screenshot(page, 'batch-entry-fr-light-typing');
    }
    // The haemoglobins typed above 16 g/dL are flagged high while typed, as on the bench.
    expect(await grid(page).locator('[data-flag="high"]').count()).toBe(4);
    // Nothing typed landed elsewhere: the last cell holds the last value.
    const last = grid(page).locator('input[data-cell]').last();
    expect(await last.inputValue()).toBe(PARAMETERS[5].values(SAMPLES - 1));
    await page.keyboard.press('Control+Enter');
    keys += 1;
    await waitForToast(page, `${SAMPLES} échantillons enregistrés`, 60_000);
    await screenshot(page, 'batch-entry-fr-light-saved');
    // The saved samples leave the work list, their group with them; the grid stays open on them.
    await expect.poll(() => group(page).count(), { timeout: 30_000 }).toBe(0);
    expect(await grid(page).locator('[data-batch-row]').count()).toBe(SAMPLES);
    await inScheme(page, 'dark', () => screenshot(page, 'batch-entry-fr-dark-saved'));

    // Every record is pending validation (3), and in the biologist's queue.
    const biologist = await apiLogin(baseUrl, 'biologiste@demo.lab');
    for (const recordId of records)
      await expect
        .poll(async () => {
          const [record] = (await send(
            baseUrl,
            'GET',
            `/api/get-record?record_id=${recordId}`,
            undefined,
            admin,
          )) as Array<{ record_status: number }>;
          return record?.record_status;
        })
        .toBe(3);
    const queue = (await send(
      baseUrl,
      'GET',
      '/api/get-records-to-validate',
      undefined,
      biologist,
    )) as Array<{
      record_id: string;
    }>;
    const waiting = new Set(queue.map((record) => record.record_id));
    expect(records.filter((recordId) => !waiting.has(recordId))).toEqual([]);

    // The values are those typed, on the sample of their row.
    const [firstNumber] = numbers;
    const found = (await send(
      baseUrl,
      'GET',
      `/api/get-samples?search=${firstNumber}`,
      undefined,
      admin,
    )) as {
      data: Array<{ sample_id: string; sample_number: string }>;
    };
    const sampleId = found.data.find((sample) => sample.sample_number === firstNumber)?.sample_id ?? '';
    const saved = (await send(
      baseUrl,
      'GET',
      `/api/get-sample-results?sample_id=${sampleId}`,
      undefined,
      admin,
    )) as {
      lines: Array<{ parameter_name: string; result: { result_value: number | null } | null }>;
    };
    expect(saved.lines.map((line) => line.result?.result_value)).toEqual(
      PARAMETERS.map((parameter) => Number(parameter.values(0).replace(',', '.'))),
    );

    console.log(
      `batch entry: ${SAMPLES} samples × ${PARAMETERS.length} results from a work list in ${clicks} click(s) and ${keys} keys (values, Enter, Ctrl+Enter)`,
    );
    expect(clicks).toBe(1);
    await page.context().close();
  });

  it('opens a sample of the samples list by keyboard (arrows, Enter) and moves from its bench to the next sample', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'technicien@demo.lab', '/fr/table/techniques');
    const rows = page.locator('tbody[data-row-list] tr[data-row-id]');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const ids = await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-row-id') ?? ''));
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await rows.nth(1).evaluate((row) => row === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('sample') === ids[1]);
    const modal = page.getByTestId('results-modal');
    await modal.locator('[data-action="next-sample"]').click();
    await page.waitForURL((url) => url.searchParams.get('sample') === ids[2]);
    await modal.getByText(`3 sur ${ids.length}`).waitFor();
    await modal.locator('[data-action="previous-sample"]').click();
    await page.waitForURL((url) => url.searchParams.get('sample') === ids[1]);
    await screenshot(page, 'batch-entry-bench-next-fr-light');
    await page.context().close();
  });
});
