import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { idOf, setAsideWaitingRecords, waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Biological validation in the browser (issue 13): records prepared through the API as a bench
 * would leave them (results entered, samples removed), then the biologist validates one record,
 * sees the next load, validates it, reads 'no more records', and invalidates one sample of the
 * first with a reason: the record goes back to pending validation. Its own server, so that the queue holds only
 * the records this journey made.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();

interface Prepared {
  id: string;
  number: string;
  patientId: string;
  /** Sample id by analysis name. */
  samples: Map<string, string>;
}
const ids = { glucose: '', potassium: '', glycemia: '', ionogram: '' };
let first: Prepared;
let second: Prepared;

const api = (method: string, path: string, body?: unknown) => send(server.url, method, path, body, admin);

/** A record of both analyses (two tubes), results entered, received, both samples removed. */
async function pendingRecord(
  patient: Record<string, unknown>,
  values: { glucose: number; potassium: number },
): Promise<Prepared> {
  const answer = await api('POST', '/api/add-patient', {
    ...patient,
    record_is_urgent: true,
    record_selected_analyses: [{ combination: 1, analysis_ids: [ids.glycemia, ids.ionogram] }],
  });
  const created = answer as { record_id: string; record_number: string; patient_id: string };
  const samples = new Map<string, string>();
  for (const { sample_id } of (answer as { samples: Array<{ sample_id: string }> }).samples) {
    const [sample] = (await api('GET', `/api/get-sample?sample_id=${sample_id}`)) as Array<{
      sample_analyses: string[];
    }>;
    samples.set(sample?.sample_analyses.includes(ids.glycemia) ? 'glycemia' : 'ionogram', sample_id);
  }
  const results: Array<[string, string, number]> = [
    ['glycemia', ids.glucose, values.glucose],
    ['ionogram', ids.potassium, values.potassium],
  ];
  for (const [analysis, parameter, value] of results) {
    await api('PUT', '/api/update-sample-results', {
      sample_id: samples.get(analysis),
      results: [{ parameter_id: parameter, result_value: value }],
    });
  }
  await api('PUT', '/api/receive-record', { record_id: created.record_id });
  for (const sampleId of samples.values())
    await api('PUT', '/api/update-sample-status', { sample_id: sampleId, sample_status: 3 });
  return { id: created.record_id, number: created.record_number, patientId: created.patient_id, samples };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const made = async (path: string, body: unknown, field: string) =>
    idOf(await api('POST', path, body), field);
  const blood = await made('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const dry = await made('/api/add-sampletype', { sample_type_name: `Tube sec ${stamp}` }, 'sample_type_id');
  const heparin = await made(
    '/api/add-sampletype',
    { sample_type_name: `Tube hépariné ${stamp}` },
    'sample_type_id',
  );
  ids.glucose = await made(
    '/api/add-parameter',
    {
      parameter_name: `Glucose ${stamp}`,
      parameter_unit: 'g/L',
      parameter_decimals: 2,
      parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
    },
    'parameter_id',
  );
  ids.potassium = await made(
    '/api/add-parameter',
    {
      parameter_name: `Potassium ${stamp}`,
      parameter_unit: 'mmol/L',
      parameter_decimals: 1,
      parameter_ranges: [{ population: 'default', min: 3.5, max: 5.0 }],
      // A potassium that moves by more than 1 mmol/L within 30 days is flagged (issue 40).
      parameter_delta_kind: 'absolute',
      parameter_delta_limit: 1,
      parameter_delta_window_days: 30,
    },
    'parameter_id',
  );
  const analysis = (name: string, type: string, parameter: string) =>
    made(
      '/api/add-analysis',
      {
        analysis_name: name,
        analysis_matrix: blood,
        analysis_sample_type: type,
        analysis_parameters: [parameter],
        analysis_visible: true,
      },
      'analysis_id',
    );
  ids.glycemia = await analysis(`Glycémie ${stamp}`, dry, ids.glucose);
  ids.ionogram = await analysis(`Kaliémie ${stamp}`, heparin, ids.potassium);

  const patient = { patient_surname: `MOREAU${stamp}`, patient_name: 'Lucie', patient_gender: 'F' };
  // An earlier record of the same patient, validated: the anteriority the biologist reads.
  const earlier = await pendingRecord(
    { ...patient, patient_dob: '1968-09-14' },
    { glucose: 0.98, potassium: 4.1 },
  );
  await api('PUT', '/api/validate-record', {
    record_id: earlier.id,
    sample_ids: [...earlier.samples.values()],
  });
  first = await pendingRecord({ patient_id: earlier.patientId }, { glucose: 1.32, potassium: 5.6 });
  second = await pendingRecord(
    {
      patient_surname: `GIRARD${stamp}`,
      patient_name: 'Marc',
      patient_gender: 'M',
      patient_dob: '1955-02-01',
    },
    { glucose: 0.85, potassium: 4.4 },
  );
  // Whatever else the demo laboratory holds waiting is set aside: the queue is this journey's.
  await setAsideWaitingRecords(server.url, admin, new Set([first.id, second.id]));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const review = (page: Page) => page.locator('[data-testid="record-review"]');
const sampleCard = (page: Page, sampleId: string) => page.locator(`[data-sample="${sampleId}"]`);
async function chooseSamples(page: Page, record: Prepared, which: string[]) {
  for (const analysis of which)
    await sampleCard(page, record.samples.get(analysis) ?? '')
      .locator('[data-action="choose-sample"]')
      .check();
}

describe('biological validation', () => {
  it('validates a record, loads the next one, then says none are left', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'biologiste@demo.lab');
    await page.locator('nav [data-menu-id="validation"]').first().click();
    await page.waitForURL(/\/fr\/validate-record$/);
    // Away from the side bar, which widens under the pointer.
    await page.mouse.move(900, 700);
    await expect.poll(() => review(page).getAttribute('data-record')).toBe(first.id);
    const queue = page.locator('[data-testid="validation-queue"] [data-record]');
    expect(await queue.evaluateAll((links) => links.map((link) => link.getAttribute('data-record')))).toEqual(
      [first.id, second.id],
    );
    // The results with their flags, range and the patient's previous result.
    const glucose = review(page).locator(`[data-line="Glucose ${stamp}"]`);
    await expect.poll(() => glucose.innerText()).toContain('1,32 g/L');
    expect(await glucose.innerText()).toContain('0,70 – 1,10 g/L');
    expect(await glucose.locator('[data-flag="high"]').textContent()).toBe('Haut');
    expect(await glucose.innerText()).toContain('0,98 g/L le');
    // The glucose has no delta limit: nothing is compared.
    expect(await glucose.locator('[data-testid="delta-check"]').count()).toBe(0);
    // The potassium went from 4.1 to 5.6 mmol/L since the earlier record: beyond its 1 mmol/L delta.
    const potassium = review(page).locator(`[data-line="Potassium ${stamp}"]`);
    expect(await potassium.getAttribute('data-delta-breach')).toBe('true');
    expect(await potassium.locator('[data-flag="delta"]').textContent()).toBe('Delta dépassé');
    expect(await potassium.locator('[data-testid="delta-check"]').innerText()).toMatch(
      /Δ \+1,5\smmol\/L \(\+36,6\s%\) depuis 4,1\smmol\/L le \d{2}\/\d{2}\/\d{4} · limite ±\s1\smmol\/L sur 30 jours/,
    );
    await screenshot(page, 'validation-fr-light-1280');

    // Nothing chosen: the server's refusal, in the screen's words.
    await page.locator('[data-action="validate"]').click();
    await waitForToast(page, 'Aucun échantillon sélectionné pour la validation');

    await chooseSamples(page, first, ['glycemia', 'ionogram']);
    await page.locator('[data-action="validate"]').click();
    await waitForToast(page, 'Validé avec succès');
    await waitForToast(page, 'Dossier suivant à valider chargé');
    await page.waitForURL(new RegExp(`/fr/validate-record/${second.id}$`));
    await expect.poll(() => review(page).getAttribute('data-record')).toBe(second.id);
    await screenshot(page, 'validation-fr-light-1280-next');

    await chooseSamples(page, second, ['glycemia', 'ionogram']);
    await page.locator('[data-action="validate"]').click();
    await page.locator('[data-testid="none-left"]').waitFor();
    expect(await page.locator('[data-testid="none-left"]').innerText()).toContain(
      'Plus aucun dossier à valider',
    );
    await screenshot(page, 'validation-fr-light-1280-none-left');
    const [record] = (await api('GET', `/api/get-record?record_id=${first.id}`)) as Array<{
      record_status: number;
    }>;
    expect(record?.record_status).toBe(4);
    await page.context().close();
  });

  it('invalidates one sample: the record goes back to pending validation', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'biologiste@demo.lab', `/fr/invalidate-record/${first.id}`);
    await expect.poll(() => review(page).getAttribute('data-status')).toBe('4');
    await chooseSamples(page, first, ['glycemia']);
    await page.locator('[data-action="invalidate"]').click();
    // The reason is asked first (issue 37): nothing is taken back without one.
    const dialog = page.locator('[data-testid="invalidate-dialog"]');
    await dialog.locator('[data-field="reason"]').fill('Glycémie à contrôler');
    await dialog.locator('[data-action="confirm-invalidate"]').click();
    await waitForToast(page, 'Invalidé avec succès');
    await expect.poll(() => review(page).getAttribute('data-status')).toBe('3');
    const glycemia = sampleCard(page, first.samples.get('glycemia') ?? '');
    expect(await glycemia.getAttribute('data-status')).toBe('3');
    expect(await sampleCard(page, first.samples.get('ionogram') ?? '').getAttribute('data-status')).toBe('4');
    await screenshot(page, 'invalidation-fr-light-1280');
    const [record] = (await api('GET', `/api/get-record?record_id=${first.id}`)) as Array<{
      record_status: number;
    }>;
    expect(record?.record_status).toBe(3);
    await page.context().close();
  });

  it('reads in English and dark, and on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, server.url, 'biologiste@demo.lab', '/en/');
    await toggleTheme(page);
    await page.goto(`${server.url}/en/validate-record`);
    await expect.poll(() => review(page).getAttribute('data-record')).toBe(first.id);
    expect(await page.locator('[data-action="validate"]').innerText()).toBe('Validate');
    expect(await page.locator('[data-flag="delta"]').first().textContent()).toBe('Delta exceeded');
    await screenshot(page, 'validation-en-dark-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'validation-en-dark-375');
    // The theme is the user's saved preference: back to light for the next page.
    await page.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(page);
    await page.context().close();

    const phone = await newPage(browser, { viewport: { width: 375, height: 812 } });
    await signIn(phone, server.url, 'biologiste@demo.lab', `/fr/validate-record/${first.id}`);
    await expect.poll(() => review(phone).getAttribute('data-record')).toBe(first.id);
    await screenshot(phone, 'validation-fr-light-375');
    await phone.context().close();
  });
});
