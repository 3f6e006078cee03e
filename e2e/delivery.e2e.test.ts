import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, login, newPage, screenshot, toggleTheme } from './browser.js';
import { idOf } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';

/**
 * Delivery of the report in the browser (issue 15): a record validated with the phone and paper
 * channels shows them pending on its screen; the secretary ticks each person of the phone
 * checklist and marks the paper report printed, and the record is sent; the patient then opens the
 * report online on a 375 px phone with the password label's data, after a refused try.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const DOB = '1979-03-08';
let record: { id: string; number: string; password: string };

const api = (method: string, path: string, body?: unknown) => send(server.url, method, path, body, admin);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const made = async (path: string, body: unknown, field: string) =>
    idOf(await api('POST', path, body), field);
  const blood = await made('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const dry = await made('/api/add-sampletype', { sample_type_name: `Tube sec ${stamp}` }, 'sample_type_id');
  const glucose = await made(
    '/api/add-parameter',
    {
      parameter_name: `Glucose ${stamp}`,
      parameter_unit: 'g/L',
      parameter_decimals: 2,
      parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
    },
    'parameter_id',
  );
  const glycemia = await made(
    '/api/add-analysis',
    {
      analysis_name: `Glycémie ${stamp}`,
      analysis_matrix: blood,
      analysis_sample_type: dry,
      analysis_parameters: [glucose],
      analysis_visible: true,
    },
    'analysis_id',
  );
  const created = (await api('POST', '/api/add-patient', {
    patient_surname: `REMISE${stamp}`,
    patient_name: 'Claire',
    patient_gender: 'F',
    patient_dob: DOB,
    record_must_phone: true,
    record_must_paper: true,
    record_persons_to_phone: ['patient', 'prescriber'],
    record_selected_analyses: [{ combination: 1, analysis_ids: [glycemia] }],
  })) as { record_id: string; record_number: string; samples: Array<{ sample_id: string }> };
  const sampleId = String(created.samples[0]?.sample_id);
  await api('PUT', '/api/update-sample-results', {
    sample_id: sampleId,
    results: [{ parameter_id: glucose, result_value: 1.32 }],
  });
  await api('PUT', '/api/receive-record', { record_id: created.record_id });
  await api('PUT', '/api/update-sample-status', { sample_id: sampleId, sample_status: 3 });
  await api('PUT', '/api/validate-record', { record_id: created.record_id, sample_ids: [sampleId] });
  const [row] = (await api('GET', `/api/get-record?record_id=${created.record_id}`)) as Array<{
    record_password: string;
  }>;
  record = { id: created.record_id, number: created.record_number, password: String(row?.record_password) };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (page: Page) => page.locator('[data-testid="record-deliveries"]');
const stateOf = (page: Page, channel: string) =>
  card(page)
    .locator(`[data-delivery-channel="${channel}"] [data-delivery-state]`)
    .getAttribute('data-delivery-state');

describe('report delivery', () => {
  it('lists the record in the phone work list, in English, on a desktop and a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await login(page, server.url, 'secretariat@demo.lab', 'en');
    await page.goto(`${server.url}/en/deliveries/phone`);
    const line = page.locator(`[data-record-number="${record.number}"]`);
    await line.waitFor();
    expect(await line.innerText()).toContain(`REMISE${stamp}`);
    await page.mouse.move(900, 700);
    await screenshot(page, 'delivery-worklist-en-light-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'delivery-worklist-en-light-375');
    await page.context().close();
  });

  it('shows the pending channels, and the secretary completes the phone checklist and the paper report', async () => {
    const page = await newPage(browser);
    await login(page, server.url, 'secretariat@demo.lab');
    await page.goto(`${server.url}/fr/preview-record/${record.id}`);
    await card(page).waitFor();
    await expect.poll(() => stateOf(page, 'phone')).toBe('pending');
    expect(await stateOf(page, 'paper')).toBe('pending');
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-record-fr-light-1280');
    await toggleTheme(page);
    await page.mouse.move(900, 700);
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-record-fr-dark-1280');

    const call = (person: string) =>
      card(page).locator(`[data-phone-person="${person}"] [data-action="mark-call-done"]`);
    await call('patient').click();
    await expect.poll(() => call('patient').count()).toBe(0);
    expect(await stateOf(page, 'phone')).toBe('pending');
    await call('prescriber').click();
    await expect.poll(() => stateOf(page, 'phone')).toBe('done');
    expect(await card(page).locator('[data-delivery-channel="phone"]').innerText()).toContain('David Petit');
    await card(page).locator('[data-delivery-channel="paper"] [data-action="mark-delivery-done"]').click();
    await expect.poll(() => stateOf(page, 'paper')).toBe('done');
    await screenshot(page, 'delivery-record-fr-dark-1280-done');
    await page.setViewportSize({ width: 375, height: 740 });
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-record-fr-dark-375-done');
    const [sent] = (await api('GET', `/api/get-record?record_id=${record.id}`)) as Array<{
      record_status: number;
    }>;
    expect(sent?.record_status).toBe(5);
    await page.context().close();
  });

  it('lets the patient open the report online on a 375 px phone, after a refused try', async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto(`${server.url}/fr/online-report`);
    const fill = async (password: string) => {
      await page.locator('input[name="record_number"]').fill(record.number);
      await page.locator('input[name="record_password"]').fill(password);
      await page.locator('input[name="patient_dob"]').fill(DOB);
      await page.locator('[data-action="open-online-report"]').click();
    };
    await fill('mauvais');
    await page.locator('[data-testid="online-report-error"]').waitFor();
    expect(await page.locator('[data-testid="online-report-error"]').innerText()).toContain(
      'mot de passe ou date de naissance incorrect',
    );
    await screenshot(page, 'online-report-fr-light-375-refused');
    await fill(record.password);
    await page.locator('[data-testid="online-report-ready"]').waitFor();
    expect(await page.locator('[data-testid="online-report-ready"]').innerText()).toContain(record.number);
    const download = page.waitForEvent('download');
    await page.locator('[data-testid="online-report-ready"] a[download]').click();
    expect((await download).suggestedFilename()).toContain(record.number);
    await screenshot(page, 'online-report-fr-light-375-ready');
    await page.context().close();
    const english = await newPage(browser, { locale: 'en-GB', viewport: { width: 375, height: 740 } });
    await english.goto(`${server.url}/en/online-report`);
    await english.locator('[data-action="open-online-report"]').waitFor();
    expect(await english.locator('h1').innerText()).toBe('Your report online');
    await screenshot(english, 'online-report-en-light-375');
    await english.context().close();
  });
});
