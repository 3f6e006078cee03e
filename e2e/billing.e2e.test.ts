import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send, sha256 } from './api.js';
import { DEMO_PASSWORD, launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { idOf } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Billing in the browser (issue 16): the secretary opens the billing details of a validated record
 * (a refundable act of 26 B and a non-refundable one of 40 B with a custom cost of 15.00, at the
 * national B of 0.27 EUR: Total 7.02, Total quote 25.80), downloads its fee sheet (CERFA) and its
 * quote, and marks it billed; the billing user of one clinic sees only that clinic's bills.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const suffix = stamp.slice(-3);
const BILLING_USER = `facturation-${stamp.toLowerCase()}@demo.lab`;
const records: Record<'lilas' | 'other', { id: string; number: string }> = {
  lilas: { id: '', number: '' },
  other: { id: '', number: '' },
};

const api = (method: string, path: string, body?: unknown, headers = admin) =>
  send(server.url, method, path, body, headers);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const made = async (path: string, body: unknown, field: string) =>
    idOf(await api('POST', path, body), field);
  const blood = await made('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const edta = await made(
    '/api/add-sampletype',
    { sample_type_name: `Tube EDTA ${stamp}` },
    'sample_type_id',
  );
  await api('POST', '/api/add-nabm', {
    nabm_code: `R${suffix}`,
    nabm_wording: 'HEMOGRAMME E2E',
    nabm_coef_b: 26,
  });
  await api('POST', '/api/add-nabm', {
    nabm_code: `N${suffix}`,
    nabm_wording: 'VITAMINE HORS NOMENCLATURE',
    nabm_coef_b: 40,
    nabm_refund: false,
  });
  // An orderable analysis measures at least one parameter (issue 40).
  const analysis = async (name: string, codes: string[], extra: object = {}) =>
    made(
      '/api/add-analysis',
      {
        analysis_name: `${name} ${stamp}`,
        analysis_matrix: blood,
        analysis_sample_type: edta,
        analysis_nabm_codes: codes,
        analysis_parameters: [
          await made('/api/add-parameter', { parameter_name: `${name} mesure ${stamp}` }, 'parameter_id'),
        ],
        analysis_visible: true,
        ...extra,
      },
      'analysis_id',
    );
  const count = await analysis('NFS', [`R${suffix}`]);
  const vitamin = await analysis('Vitamine', [`N${suffix}`], { analysis_custom_cost_cents: 1500 });

  const clinicUser = (await api(
    'GET',
    '/api/get-user-data',
    undefined,
    await apiLogin(server.url, 'clinique@demo.lab'),
  )) as {
    rights: { clinic_id: string };
  };
  const lilas = clinicUser.rights.clinic_id;
  const other = await made(
    '/api/add-clinic',
    { clinic_name: `Clinique Tilleul ${stamp}`, clinic_code: `T${stamp}` },
    'clinic_id',
  );
  await api('POST', '/auth/add-new-external-user', {
    user_name: 'Facturation clinique',
    user_email: BILLING_USER,
    clinic_id: lilas,
    external_account_type: 'billing',
    user_password: sha256(DEMO_PASSWORD),
  });

  const validated = async (surname: string, owner: string) => {
    const created = (await api('POST', '/api/add-patient', {
      patient_surname: surname,
      patient_name: 'Hélène',
      patient_gender: 'F',
      patient_dob: '1970-05-06',
      patient_insurance: 'CPAM Rhône',
      patient_agreement_type: 'Tiers payant',
      patient_insurance_code1: '75500017',
      patient_insurance_code2: '01',
      record_prescription_date: new Date().toISOString().slice(0, 10),
      record_owner: owner,
      record_selected_analyses: [{ combination: 1, analysis_ids: [count, vitamin] }],
    })) as { record_id: string; record_number: string; samples: Array<{ sample_id: string }> };
    await api('PUT', '/api/receive-record', { record_id: created.record_id });
    const sampleIds = created.samples.map((sample) => sample.sample_id);
    for (const sampleId of sampleIds)
      await api('PUT', '/api/update-sample-status', {
        sample_id: sampleId,
        sample_status: 3,
        force_save: true,
      });
    await api('PUT', '/api/validate-record', { record_id: created.record_id, sample_ids: sampleIds });
    return { id: created.record_id, number: created.record_number };
  };
  records.lilas = await validated(`FACTURE${stamp}`, lilas);
  records.other = await validated(`TILLEUL${stamp}`, other);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const details = (page: Page) => page.locator('[data-testid="billing-details"]');
const total = (page: Page, which: string) => details(page).locator(`[data-total="${which}"]`).innerText();
async function downloaded(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

describe('billing', () => {
  it('shows the billing details of a validated record and downloads its CERFA and its quote', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'secretariat@demo.lab', `/fr/preview-record/${records.lilas.id}`);
    await page.locator('[data-action="billing-details"]').click();
    await details(page).locator('[data-testid="billing-totals"]').waitFor();
    expect(await total(page, 'total')).toContain('7,02');
    expect(await total(page, 'quote')).toContain('25,80');
    expect(await total(page, 'to-pay')).toContain('25,80');
    const acts = await details(page).locator('[data-testid="billing-acts"]').innerText();
    expect(acts).toContain(`R${suffix}`);
    expect(acts).toContain('Coût complémentaire');
    await screenshot(page, 'billing-details-fr-light-1280');

    const quote = await downloaded(page, () => details(page).locator('[data-action="quote"]').click());
    expect(quote.name).toBe(`${records.lilas.number} - FACTURE${stamp} Hélène - DEVIS.pdf`);
    expect(quote.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await page.keyboard.press('Escape');
    await details(page).waitFor({ state: 'hidden' });
    const cerfa = await downloaded(page, () => page.locator('[data-action="cerfa"]').click());
    expect(cerfa.name).toBe(`${records.lilas.number} - FACTURE${stamp} Hélène - FEUILLE D'HONORAIRES.pdf`);
    expect(cerfa.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await toggleTheme(page);
    await page.locator('[data-action="billing-details"]').click();
    await details(page).locator('[data-testid="billing-totals"]').waitFor();
    await screenshot(page, 'billing-details-fr-dark-1280');
    // On a phone the details take the whole screen.
    await page.keyboard.press('Escape');
    await details(page).waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.locator('[data-action="billing-details"]').click();
    await details(page).locator('[data-testid="billing-totals"]').waitFor();
    await screenshot(page, 'billing-details-fr-dark-375');
    await page.keyboard.press('Escape');
    await details(page).waitFor({ state: 'hidden' });
    // The demo secretary's theme is shared with other journeys: back to light.
    await page.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(page);
    await page.context().close();
  });

  it('lets the secretary mark the record billed from the billing list, with who and when', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'secretariat@demo.lab', '/fr/billing');
    const row = page.locator(`[data-record-number="${records.lilas.number}"]`);
    await row.waitFor();
    await screenshot(page, 'billing-list-fr-light-1280');
    await row.locator('[data-action="mark-billed"]').click();
    await row.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/fr/billing/billed`);
    const billed = page.locator(`[data-record-number="${records.lilas.number}"]`);
    await billed.waitFor();
    expect(await billed.locator('[data-testid="billed-by"]').innerText()).toContain('David Petit');
    expect(await billed.innerText()).toContain('7,02');
    // The front desk reads the B values (NABM read level) without changing them.
    const bValues = page.locator('[data-testid="b-values"]');
    expect(await bValues.innerText()).toContain('0,27');
    expect(await bValues.locator('[data-action="add-b-value"]').count()).toBe(0);
    await bValues.scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-list-billed-fr-light-1280');
    await page.context().close();
  });

  it("shows a clinic's billing user only its clinic's bills, in English and on a phone", async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, server.url, BILLING_USER, '/en/billing/billed');
    const own = page.locator(`[data-record-number="${records.lilas.number}"]`);
    await own.waitFor();
    expect(await page.locator(`[data-record-number="${records.other.number}"]`).count()).toBe(0);
    // Marking bills is the laboratory's: the clinic reads them.
    expect(await own.locator('[data-action="mark-paid"]').count()).toBe(0);
    await page.goto(`${server.url}/en/billing`);
    await page.locator('[data-testid="bill-state"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator(`[data-record-number="${records.other.number}"]`).count()).toBe(0);
    await page.goto(`${server.url}/en/billing/billed`);
    await own.waitFor();
    await page.mouse.move(900, 700);
    await screenshot(page, 'billing-list-clinic-en-light-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'billing-list-clinic-en-light-375');
    await page.context().close();
  });
});
