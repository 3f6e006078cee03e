import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { choose, idOf, waitForToast } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * Internal quality control in the browser (issue 14): a machine of its own with glucose targets at
 * two levels, a patient sample measured on it waiting for validation. A technician enters a control
 * run whose N1 lies beyond 3 SD: the run is rejected and the value shows on the Levey-Jennings
 * chart; the biologist's validation is refused until the biologist accepts the run with a reason.
 */
const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36).toUpperCase();
let browser: Browser;
let admin: Record<string, string>;
const ids = { machine: '', glucose: '', n1: '', n2: '', record: '', sample: '' };

const api = (method: string, path: string, body?: unknown) => send(baseUrl, method, path, body, admin);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(baseUrl, 'admin@demo.lab');
  const made = async (path: string, body: unknown, field: string) =>
    idOf(await api(path === '/api/save-ciq-setting' ? 'PUT' : 'POST', path, body), field);
  const blood = await made('/api/add-matrix', { matrix_name: `Sang CIQ ${stamp}` }, 'matrix_id');
  const dry = await made(
    '/api/add-sampletype',
    { sample_type_name: `Tube sec CIQ ${stamp}` },
    'sample_type_id',
  );
  ids.machine = await made(
    '/api/add-machine',
    { machine_name: `Cobas c311 ${stamp}`, machine_code: `C311${stamp}`.slice(0, 50) },
    'machine_id',
  );
  const glucose = await made(
    '/api/add-parameter',
    { parameter_name: `Glucose CIQ ${stamp}`, parameter_unit: 'g/L', parameter_decimals: 2 },
    'parameter_id',
  );
  const analysis = await made(
    '/api/add-analysis',
    {
      analysis_name: `Glycémie CIQ ${stamp}`,
      analysis_matrix: blood,
      analysis_sample_type: dry,
      analysis_parameters: [glucose],
      analysis_machines: [ids.machine],
      analysis_visible: true,
      analysis_ciq_enabled: true,
      analysis_ciq_default_frequency: 'daily',
    },
    'analysis_id',
  );
  const target = (level: string, mean: number, sd: number) =>
    made(
      '/api/save-ciq-setting',
      {
        analysis_id: analysis,
        parameter_id: glucose,
        ciq_level: level,
        ciq_lot: 'LOT-2611',
        ciq_mean: mean,
        ciq_sd: sd,
      },
      'ciq_setting_id',
    );
  ids.glucose = glucose;
  ids.n1 = await target('N1', 1, 0.05);
  ids.n2 = await target('N2', 3, 0.1);
  // Yesterday's controls, on target: the chart has a history before today's run.
  for (const [n1, n2] of [
    [1.02, 2.96],
    [0.97, 3.05],
  ] as const) {
    const run = idOf(await api('POST', '/api/create-ciq-record', { machine_id: ids.machine }), 'ciq_run_id');
    await api('PUT', '/api/add-ciq-values', {
      ciq_run_id: run,
      values: [
        { ciq_setting_id: ids.n1, ciq_value: n1 },
        { ciq_setting_id: ids.n2, ciq_value: n2 },
      ],
    });
  }
  const record = (await api('POST', '/api/add-patient', {
    patient_surname: `CONTROLE${stamp}`,
    patient_name: 'Alice',
    patient_gender: 'F',
    patient_dob: '1970-05-02',
    record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
  })) as { record_id: string; samples: Array<{ sample_id: string }> };
  ids.record = record.record_id;
  ids.sample = String(record.samples[0]?.sample_id);
  await api('PUT', '/api/update-sample-results', {
    sample_id: ids.sample,
    results: [{ parameter_id: glucose, result_value: 0.92 }],
  });
  await api('PUT', '/api/receive-record', { record_id: ids.record });
  await api('PUT', '/api/update-sample-status', { sample_id: ids.sample, sample_status: 3 });
});

afterAll(async () => {
  await browser?.close();
});

const valueField = (page: Page, level: string) => page.locator(`input[data-ciq-value="${level}"]`);

async function validateSample(page: Page) {
  await page.goto(`${baseUrl}/fr/validate-record/${ids.record}`);
  await page.locator(`[data-sample="${ids.sample}"] [data-action="choose-sample"]`).check();
  await page.locator('[data-action="validate"]').click();
}

describe('internal quality control', () => {
  it('a run with a 1-3s violation is rejected and shows on the Levey-Jennings chart (fr, light and dark)', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'technicien@demo.lab');
    await page.locator('nav [data-menu-id="ciq"]').first().waitFor();
    await page.goto(`${baseUrl}/fr/ciq/${ids.machine}`);
    // The machine's targets, read-only for a technician.
    await expect.poll(() => page.locator('[data-ciq-targets] tbody tr').count()).toBe(2);
    await page.locator('[data-action="new-ciq-run"]').click();
    await valueField(page, 'N1').fill('1,2');
    await valueField(page, 'N2').fill('3,02');
    await page.locator('[data-action="save-ciq-values"]').click();
    await waitForToast(page, 'CIQ rejeté');
    await page.locator('[data-ciq-run-status="rejected"]').first().waitFor();
    expect(await page.locator('main h1').textContent()).toBe('Contrôle qualité interne (CIQ)');

    const chart = page.locator(`[data-ciq-chart="${ids.n1}"]`);
    await chart.locator('.recharts-surface').first().waitFor();
    const points = chart.locator('tbody tr');
    await expect.poll(() => points.count()).toBe(3);
    expect(await points.nth(2).getAttribute('data-ciq-point-rules')).toBe('1-3s');
    expect(await chart.locator('.recharts-reference-line').count()).toBe(7);
    await page.mouse.move(900, 700);
    await screenshot(page, 'ciq-fr-light-rejected');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'ciq-fr-light-chart');
    await toggleTheme(page);
    await page.mouse.move(900, 700);
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'ciq-fr-dark-chart');
    await toggleTheme(page);
    await page.context().close();
  });

  it('the rejected run holds back validation until the biologist accepts it with a reason', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'biologiste@demo.lab');
    await validateSample(page);
    await waitForToast(page, "Le dernier CIQ de l'automate est rejeté");
    await screenshot(page, 'ciq-fr-validation-refused');

    await page.goto(`${baseUrl}/fr/ciq/${ids.machine}`);
    const rejected = page.locator('[data-ciq-run-status="rejected"]').first();
    await rejected
      .locator('[data-field="ciq_run_accept_reason"]')
      .fill('Flacon N1 mal reconstitué, patients contrôlés');
    await rejected.locator('[data-action="accept-ciq-run"]').click();
    await waitForToast(page, 'Passage de CIQ accepté');
    const accepted = page.locator('[data-ciq-run-status="accepted"]').first();
    await expect.poll(() => accepted.innerText()).toContain('Flacon N1 mal reconstitué');

    await validateSample(page);
    await waitForToast(page, 'Validé avec succès');
    await page.context().close();
  });

  it('reads in English and fits a phone (375 px)', async () => {
    const page = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, baseUrl, 'technicien@demo.lab', `/en/ciq/${ids.machine}`);
    await page.locator(`[data-ciq-chart="${ids.n1}"] .recharts-surface`).first().waitFor();
    expect(await page.locator('main h1').textContent()).toBe('Internal quality control (IQC)');
    expect(await page.locator('[data-ciq-run-status="accepted"]').first().innerText()).toContain('Accepted');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'ciq-en-mobile');
    await page.locator(`[data-ciq-chart="${ids.n1}"]`).scrollIntoViewIfNeeded();
    await screenshot(page, 'ciq-en-mobile-chart');
    await page.context().close();
  });

  it("imports the machine's control rows from an instrument file into a new run (fr)", async () => {
    await api('PUT', '/api/update-import-mappings', {
      file_type: 'forwarding',
      machine_id: ids.machine,
      mappings: [{ instrument_code: 'GLY', parameter_id: ids.glucose }],
    });
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'technicien@demo.lab', '/fr/import');
    await choose(page, 'file_type', 'Transmission (expéditeur)');
    await choose(page, 'machine', `Cobas c311 ${stamp}`);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'c311-controles.csv',
      mimeType: 'text/plain',
      buffer: Buffer.from('echantillon;code;resultat\r\nN1;GLY;1,01\r\nN2/LOT-2611;GLY;2,98\r\n', 'utf8'),
    });
    const controls = page.locator('[data-import-preview] [data-import-controls]');
    await controls.waitFor();
    expect(await controls.locator('[data-import-control]').count()).toBe(2);
    expect(await controls.locator('[data-import-control="N2/LOT-2611"]').innerText()).toContain('LOT-2611');
    expect(await page.locator('[data-import-summary]').textContent()).toContain(
      '2 valeurs de contrôle (CIQ)',
    );
    await page.mouse.move(900, 700);
    await screenshot(page, 'ciq-fr-import-controls');
    await page.locator('[data-action="import-results"]').click();
    await waitForToast(page, 'Résultats des échantillons importés');

    await page.goto(`${baseUrl}/fr/ciq/${ids.machine}`);
    const latest = page.locator('[data-ciq-run-status]').first();
    await latest.waitFor();
    expect(await latest.getAttribute('data-ciq-run-status')).toBe('passed');
    await page.context().close();
  });
});
