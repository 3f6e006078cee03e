import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { inScheme, launchBrowser, newPage, screenshot } from './browser.js';
import { idOf, setAsideWaitingRecords, waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * The biologist's morning at speed (issue 40): records prepared through the API as a bench leaves
 * them, then the biologist validates records with 'choose the ready samples' and Alt+V only (the
 * next record loads by itself), invalidates one from its record screen, and lets the rules
 * validate the records that pass them while the queue says why the other one did not. Its own
 * server, so that the queue holds only the records this journey made.
 * Actions counted per record validated: 2 keys (Alt+A, Alt+V), no click (before: a click per
 * sample, a scroll, a click on Validate).
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
const quick: Prepared[] = [];
let passing: Prepared;
let high: Prepared;

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

  const person = (surname: string, dob: string) => ({
    patient_surname: `${surname}${stamp}`,
    patient_name: 'Anne',
    patient_gender: 'F',
    patient_dob: dob,
  });
  for (const [index, surname] of ['AUBRY', 'BLANC', 'CARON'].entries())
    quick.push(
      await pendingRecord(person(surname, `197${index}-03-0${index + 1}`), { glucose: 0.9, potassium: 4.2 }),
    );
  passing = await pendingRecord(person('DUVAL', '1981-06-12'), { glucose: 0.95, potassium: 4.0 });
  high = await pendingRecord(person('EVRARD', '1982-07-13'), { glucose: 1.62, potassium: 4.1 });
  // Whatever else the demo laboratory holds waiting is set aside: the queue is this journey's.
  await setAsideWaitingRecords(
    server.url,
    admin,
    new Set([...quick, passing, high].map((record) => record.id)),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const review = (page: Page) => page.locator('[data-testid="record-review"]');
const status = async (record: Prepared) =>
  ((await api('GET', `/api/get-record?record_id=${record.id}`)) as Array<{ record_status: number }>)[0]
    ?.record_status;

describe('the biologist at the speed of a busy morning', () => {
  it('validates records with the keyboard: choose the ready samples, validate, the next one loads', async () => {
    const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'biologiste@demo.lab', '/fr/validate-record');
    await page.mouse.move(900, 700);
    // The record, its results and its actions on one screen at 1440×900.
    await expect.poll(() => review(page).getAttribute('data-record')).toBe(quick[0]?.id);
    const validateBox = await page.locator('[data-action="validate"]').boundingBox();
    expect((validateBox?.y ?? 1000) + (validateBox?.height ?? 0)).toBeLessThanOrEqual(900);
    expect(await page.locator('[data-testid="shortcuts-help"]').innerText()).toContain('Alt+V valider');
    await screenshot(page, 'validation-dense-fr-light-1440');
    for (const [index, record] of quick.slice(0, 2).entries()) {
      await expect.poll(() => review(page).getAttribute('data-record')).toBe(record.id);
      await page.keyboard.press('Alt+KeyA');
      await expect.poll(() => page.locator('[data-action="choose-sample"]:checked').count()).toBe(2);
      await page.keyboard.press('Alt+KeyV');
      await waitForToast(page, 'Validé avec succès');
      await page.waitForURL(new RegExp(`/fr/validate-record/${quick[index + 1]?.id}$`));
    }
    expect(await status(quick[0] as Prepared)).toBe(4);
    expect(await status(quick[1] as Prepared)).toBe(4);
    // Alt+N and Alt+P move along the queue, in the order it shows, without validating.
    const current = quick[2]?.id ?? '';
    await expect.poll(() => review(page).getAttribute('data-record')).toBe(current);
    const queue = page.locator('[data-testid="validation-queue"] [data-record]');
    await expect.poll(async () => (await queue.evaluateAll((links) => links.length)) > 1).toBe(true);
    const order = await queue.evaluateAll((links) => links.map((link) => link.getAttribute('data-record')));
    const next = order[order.indexOf(current) + 1];
    const previous = order[order.indexOf(current) - 1];
    const [away, back] = next ? (['Alt+KeyN', 'Alt+KeyP'] as const) : (['Alt+KeyP', 'Alt+KeyN'] as const);
    await page.keyboard.press(away);
    await expect.poll(() => review(page).getAttribute('data-record')).toBe(next ?? previous);
    expect(page.url()).toMatch(new RegExp(`/fr/validate-record/${next ?? previous}$`));
    await page.keyboard.press(back);
    await expect.poll(() => review(page).getAttribute('data-record')).toBe(current);
    expect(await status(quick[2] as Prepared)).toBe(3);
    await page.context().close();
  });

  it('invalidates a record from its record screen', async () => {
    const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    const target = quick[0] as Prepared;
    await signIn(page, server.url, 'biologiste@demo.lab', `/fr/preview-record/${target.id}`);
    await page.locator('[data-action="open-invalidate"]').click();
    await page.waitForURL(new RegExp(`/fr/invalidate-record/${target.id}$`));
    await expect.poll(() => review(page).getAttribute('data-status')).toBe('4');
    await page
      .locator(`[data-sample="${target.samples.get('glycemia')}"] [data-action="choose-sample"]`)
      .check();
    await page.locator('[data-action="invalidate"]').click();
    const dialog = page.locator('[data-testid="invalidate-dialog"]');
    await dialog.locator('[data-field="reason"]').fill('Glycémie à contrôler');
    await dialog.locator('[data-action="confirm-invalidate"]').click();
    await waitForToast(page, 'Invalidé avec succès');
    await expect.poll(() => status(target)).toBe(3);
    await page.context().close();
  });

  it('validates by the rules the records that pass them, and says why the other did not', async () => {
    const biologist = await apiLogin(server.url, 'biologiste@demo.lab');
    const checks = {
      rule_in_range: true,
      rule_delta: true,
      rule_no_marks: true,
      rule_no_comment: true,
      rule_patient_not_flagged: true,
    };
    for (const analysis of [ids.glycemia, ids.ionogram])
      await send(
        server.url,
        'PUT',
        '/api/set-validation-rule',
        { rule_analysis: analysis, rule_last_updated: null, ...checks },
        biologist,
      );
    const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'biologiste@demo.lab', '/fr/validate-record?view=rules');
    const row = (record: Prepared) => page.locator(`[data-testid="rule-queue"] [data-record="${record.id}"]`);
    await expect.poll(() => row(passing).getAttribute('data-passes')).toBe('true');
    expect(await row(high).getAttribute('data-passes')).toBe('false');
    expect(await row(high).locator('[data-testid="rule-reasons"]').innerText()).toContain(
      `Hors normes : Glucose ${stamp} · Glycémie ${stamp}`,
    );
    expect(await page.locator('[data-testid="validation-rules"] [data-rule]').count()).toBe(2);
    await screenshot(page, 'validation-rules-fr-light-1440');
    await inScheme(page, 'dark', () => screenshot(page, 'validation-rules-fr-dark-1440'));
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'validation-rules-fr-light-375');
    await page.goto(`${server.url}/en/validate-record?view=rules`);
    await expect.poll(() => row(passing).getAttribute('data-passes')).toBe('true');
    await inScheme(page, 'dark', () => screenshot(page, 'validation-rules-en-dark-375'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/fr/validate-record?view=rules`);
    await expect.poll(() => row(passing).getAttribute('data-passes')).toBe('true');
    await page.locator('[data-action="validate-passing"]').click();
    await waitForToast(page, 'laissé(s) à revoir');
    expect(await status(passing)).toBe(4);
    expect(await status(high)).toBe(3);
    await expect.poll(() => row(passing).count()).toBe(0);
    await page.context().close();
  });
});
