import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { idOf, waitForToast } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * The results bench (issue 13): a technician opens a sample from the samples table and enters its
 * results by keyboard only; the calculation, the flags and the patient's range show while typing,
 * Ctrl+Enter saves, a reload reads them back, and a colleague's save in between is reported.
 */
const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36).toUpperCase();
const sample = { id: '', number: '' };
/** A lipid profile whose LDL is calculated from the total, HDL and triglycerides saved before. */
const lipids = { id: '', number: '' };

const range = (population: string, min: number, max: number) => ({ population, min, max });

beforeAll(async () => {
  const admin = await apiLogin(baseUrl, 'admin@demo.lab');
  const add = async (path: string, body: Record<string, unknown>, field: string) =>
    idOf(await send(baseUrl, 'POST', path, body, admin), field);
  const blood = await add('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const serum = await add('/api/add-sampletype', { sample_type_name: `Tube sec ${stamp}` }, 'sample_type_id');
  const glucose = await add(
    '/api/add-parameter',
    {
      parameter_name: `Glucose ${stamp}`,
      parameter_code: `GLU${stamp}`,
      parameter_unit: 'g/L',
      parameter_unit_after_calc: 'mmol/L',
      parameter_decimals: 2,
      parameter_lower_detection_limit: 0.1,
      parameter_has_formula: true,
      parameter_formula: 'x * 5.551',
      parameter_ranges: [range('default', 0.7, 1.1)],
    },
    'parameter_id',
  );
  const haemoglobin = await add(
    '/api/add-parameter',
    {
      parameter_name: `Hémoglobine ${stamp}`,
      parameter_unit: 'g/dL',
      parameter_decimals: 1,
      parameter_ranges: [range('default', 12, 17), range('adultFemale', 12, 16), range('pregnant', 11, 15)],
      // A haemoglobin that moves by more than 2 g/dL within 30 days is flagged (issue 40).
      parameter_delta_kind: 'absolute',
      parameter_delta_limit: 2,
      parameter_delta_window_days: 30,
    },
    'parameter_id',
  );
  const clearance = await add(
    '/api/add-parameter',
    {
      parameter_name: `Clairance ${stamp}`,
      parameter_unit: 'µmol/L',
      parameter_unit_after_calc: 'mL/min',
      parameter_decimals: 0,
      parameter_has_formula: true,
      parameter_formula: '(140 - age) * weight / (0.815 * x)',
    },
    'parameter_id',
  );
  const panel = await add(
    '/api/add-analysis',
    {
      analysis_name: `Bilan ${stamp}`,
      analysis_matrix: blood,
      analysis_sample_type: serum,
      analysis_visible: true,
      analysis_parameters: [glucose, haemoglobin, clearance],
    },
    'analysis_id',
  );
  // A woman of 66 without a weight: her adult range applies, and the clearance cannot be calculated.
  // Three days ago her haemoglobin was 12.0 g/dL, validated: the previous result the bench compares.
  const earlier = (await send(
    baseUrl,
    'POST',
    '/api/add-patient',
    {
      patient_surname: `BERTIN${stamp}`,
      patient_name: 'Hélène',
      patient_gender: 'F',
      patient_dob: '1960-06-01',
      record_collection_datetime: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      record_selected_analyses: [{ combination: 1, analysis_ids: [panel] }],
    },
    admin,
  )) as { patient_id: string; record_id: string; samples: Array<{ sample_id: string }> };
  const earlierSample = earlier.samples[0]?.sample_id ?? '';
  await send(
    baseUrl,
    'PUT',
    '/api/update-sample-results',
    { sample_id: earlierSample, results: [{ parameter_id: haemoglobin, result_value: 12 }] },
    admin,
  );
  await send(baseUrl, 'PUT', '/api/receive-record', { record_id: earlier.record_id }, admin);
  await send(
    baseUrl,
    'PUT',
    '/api/update-sample-status',
    { sample_id: earlierSample, sample_status: 3, force_save: true },
    admin,
  );
  await send(
    baseUrl,
    'PUT',
    '/api/validate-record',
    { record_id: earlier.record_id, sample_ids: [earlierSample] },
    admin,
  );
  const created = await send(
    baseUrl,
    'POST',
    '/api/add-patient',
    {
      patient_id: earlier.patient_id,
      record_selected_analyses: [{ combination: 1, analysis_ids: [panel] }],
    },
    admin,
  );
  const first = (created as { samples: Array<{ sample_id: string; sample_number: string }> }).samples[0];
  sample.id = first?.sample_id ?? '';
  sample.number = first?.sample_number ?? '';

  const lipid = (name: string, code: string, factor: number) =>
    add(
      '/api/add-parameter',
      {
        parameter_name: `${name} ${stamp}`,
        parameter_code: `${code}${stamp}`,
        parameter_unit: 'g/L',
        parameter_unit_after_calc: 'mmol/L',
        parameter_decimals: 2,
        parameter_has_formula: true,
        parameter_formula: `x * ${factor}`,
      },
      'parameter_id',
    );
  const ct = await lipid('Cholestérol total', 'CT', 2.586);
  const hdl = await lipid('Cholestérol HDL', 'HDL', 2.586);
  const tg = await lipid('Triglycérides', 'TG', 1.143);
  const ldl = await add(
    '/api/add-parameter',
    {
      parameter_name: `Cholestérol LDL ${stamp}`,
      parameter_code: `LDL${stamp}`,
      parameter_unit: 'mmol/L',
      parameter_decimals: 2,
      parameter_has_formula: true,
      parameter_formula: `when($TG${stamp} < 4.5, $CT${stamp} - $HDL${stamp} - $TG${stamp} / 2.2)`,
      parameter_ranges: [{ population: 'default', min: null, max: 4.1 }],
    },
    'parameter_id',
  );
  const profile = await add(
    '/api/add-analysis',
    {
      analysis_name: `EAL ${stamp}`,
      analysis_matrix: blood,
      analysis_sample_type: serum,
      analysis_visible: true,
      analysis_parameters: [ct, hdl, tg, ldl],
    },
    'analysis_id',
  );
  const lipidRecord = await send(
    baseUrl,
    'POST',
    '/api/add-patient',
    {
      patient_surname: `LIPIDE${stamp}`,
      patient_name: 'Hélène',
      patient_gender: 'F',
      patient_dob: '1970-03-14',
      record_selected_analyses: [{ combination: 1, analysis_ids: [profile] }],
    },
    admin,
  );
  const tube = (lipidRecord as { samples: Array<{ sample_id: string; sample_number: string }> }).samples[0];
  lipids.id = tube?.sample_id ?? '';
  lipids.number = tube?.sample_number ?? '';
  await send(
    baseUrl,
    'PUT',
    '/api/update-sample-results',
    {
      sample_id: lipids.id,
      results: [
        { parameter_id: ct, result_value: 2.12 },
        { parameter_id: hdl, result_value: 0.58 },
        { parameter_id: tg, result_value: 1.05 },
      ],
    },
    admin,
  );
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

let browser: Browser;

const benchUrl = (locale = 'fr') =>
  `${baseUrl}/${locale}/table/techniques?${new URLSearchParams({ search: sample.number, sample: sample.id })}`;
const dialog = (page: Page) => page.getByRole('dialog');
const input = (page: Page, name: string) => dialog(page).locator(`input[data-result^="${name} "]`);
const line = (page: Page, name: string) => dialog(page).locator(`tr[data-line^="${name} "]`);

/** Opens the bench at its address and waits for its lines. */
async function openBench(page: Page, locale = 'fr') {
  await page.goto(benchUrl(locale));
  await input(page, 'Glucose').waitFor();
}

describe('results bench', () => {
  it('enters results by keyboard with their live reading, saves with Ctrl+Enter and reads them back', async () => {
    const page = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      'technicien@demo.lab',
      `/fr/table/techniques?${new URLSearchParams({ search: sample.number })}`,
    );
    await page.locator(`[data-row-id="${sample.id}"]`).first().click();
    await expect
      .poll(() => dialog(page).locator('header').innerText())
      .toContain(`Mise à jour manuelle de l'échantillon ${sample.number}`);
    await input(page, 'Glucose').waitFor();

    // The first empty result has the focus: the keyboard alone fills the sample.
    await expect
      .poll(() => input(page, 'Glucose').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.type('1,26');
    await page.keyboard.press('Enter');
    await page.keyboard.type('16,5');
    await page.keyboard.press('Enter');
    await page.keyboard.type('80');
    await page.keyboard.press('Shift+Enter');
    expect(await input(page, 'Hémoglobine').evaluate((el) => el === document.activeElement)).toBe(true);

    const glucose = line(page, 'Glucose');
    await expect.poll(() => glucose.locator('[data-testid="calculated"]').innerText()).toBe('6,99');
    expect(await glucose.locator('[data-testid="raw-range"]').innerText()).toBe('0,70–1,10 (Par défaut)');
    expect(await glucose.locator('[data-testid="calculated-range"]').innerText()).toBe('3,89–6,11');
    expect(await glucose.locator('[data-flag]').allTextContents()).toEqual(['Haut']);
    expect(await glucose.innerText()).toContain('g/L → mmol/L');
    // The Results table of spec.md §2: the parameter's code as its reference, the value as printed.
    expect(await glucose.locator('[data-testid="reference"]').innerText()).toBe(`GLU${stamp}`);
    expect(await glucose.locator('[data-testid="reported"]').innerText()).toMatch(/^6,99\smmol\/L H$/);
    expect(await dialog(page).locator('[data-testid="results-table"] thead th').allInnerTexts()).toEqual([
      'Paramètre',
      'Résultat brut',
      'Résultat calculé',
      'Unités',
      'Intervalle de référence brut',
      'Intervalle de référence calculé',
      'Antériorité',
      'Référence',
      'Valeur',
      'Interprétation',
    ]);
    const haemoglobin = line(page, 'Hémoglobine');
    expect(await haemoglobin.locator('[data-testid="raw-range"]').innerText()).toBe(
      '12,0–16,0 (Femme adulte)',
    );
    expect(await haemoglobin.locator('[data-flag]').allTextContents()).toEqual(['Haut']);
    const warning = dialog(page).locator(`tr[data-warning-of^="Hémoglobine "] [data-testid="out-of-range"]`);
    expect(await warning.innerText()).toMatch(
      /^Hors de l’intervalle de référence 12,0–16,0\sg\/dL pour : Femme adulte$/,
    );
    expect(await line(page, 'Clairance').locator('[data-testid="calculation-error"]').innerText()).toBe(
      'Calcul impossible : poids du patient manquant',
    );
    await screenshot(page, 'results-bench-fr-light-1280');

    await page.keyboard.press('Control+Enter');
    await waitForToast(page, 'Résultats enregistrés');

    await page.reload();
    await input(page, 'Glucose').waitFor();
    expect(await input(page, 'Glucose').inputValue()).toBe('1,26');
    expect(await input(page, 'Hémoglobine').inputValue()).toBe('16,5');
    expect(await input(page, 'Clairance').inputValue()).toBe('80');
    expect(await line(page, 'Glucose').innerText()).toContain('Saisi par');
    // The haemoglobin rose by 4.5 g/dL since the validated 12.0 of three days ago: beyond its 2 g/dL.
    const saved = line(page, 'Hémoglobine');
    await expect.poll(() => saved.locator('[data-flag="delta"]').textContent()).toBe('Delta dépassé');
    expect(await saved.locator('[data-testid="delta-check"]').innerText()).toMatch(
      /Δ \+4,5\sg\/dL \(\+37,5\s%\) depuis 12,0\sg\/dL le \d{2}\/\d{2}\/\d{4} · limite ±\s2\sg\/dL sur 30 jours/,
    );
    await screenshot(page, 'results-bench-delta-fr-light-1280');
    await expect
      .poll(() => line(page, 'Glucose').locator('[data-testid="calculated"]').innerText())
      .toBe('6,99');
    await page.context().close();
  });

  it('says a colleague saved meanwhile and reloads their results', async () => {
    const mine = await newPage(browser);
    await signIn(mine, baseUrl, 'technicien@demo.lab');
    await openBench(mine);
    const colleague = await newPage(browser);
    await signIn(colleague, baseUrl, 'biologiste@demo.lab');
    await openBench(colleague);

    await input(colleague, 'Glucose').fill('1,3');
    await colleague.keyboard.press('Control+Enter');
    await waitForToast(colleague, 'Résultats enregistrés');

    await input(mine, 'Glucose').fill('1,4');
    await mine.keyboard.press('Control+Enter');
    const alert = dialog(mine).locator('[data-testid="stale-alert"]');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Un collègue a enregistré entre-temps');
    await expect.poll(() => input(mine, 'Glucose').inputValue()).toBe('1,3');
    await screenshot(mine, 'results-bench-stale-fr');
    await mine.context().close();
    await colleague.context().close();
  });

  it('takes a collection time typed in New York as the laboratory’s clock, and reads it back as typed', async () => {
    const page = await newPage(browser, { timezoneId: 'America/New_York' });
    await signIn(page, baseUrl, 'technicien@demo.lab');
    await openBench(page);
    await dialog(page).getByRole('tab', { name: 'Observations' }).click();
    const form = dialog(page).locator('[data-testid="observations-form"]');
    const day = form.locator('[data-field="sample_collection_datetime"]');
    await form.getByLabel('Heures').fill('');
    await form.getByLabel('Minutes').fill('');
    await day.fill('');
    await day.pressSequentially('23112026');
    // The technician reads the collectors, so the collector can be chosen here.
    expect(await form.getByText('Vous n’avez pas accès à cette table').count()).toBe(0);
    // A day without its time is not saved as midnight: the field says what is missing.
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await form.getByText('Date et heure incomplètes').waitFor();
    await screenshot(page, 'results-bench-collection-incomplete-fr');
    await form.getByLabel('Heures').pressSequentially('08');
    await form.getByLabel('Minutes').pressSequentially('30');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await waitForToast(page, 'Échantillon mis à jour');
    expect(await form.getByText('Date et heure incomplètes').count()).toBe(0);
    // 08:30 in Paris in November is 07:30 UTC (New York's 02:30).
    const technician = await apiLogin(baseUrl, 'technicien@demo.lab');
    const answer = await fetch(`${baseUrl}/api/get-sample?sample_id=${sample.id}`, { headers: technician });
    const [row] = (await answer.json()) as Array<{ sample_collection_datetime: string | null }>;
    expect(row?.sample_collection_datetime).toBe('2026-11-23T07:30:00.000Z');
    await openBench(page);
    await dialog(page).getByRole('tab', { name: 'Observations' }).click();
    const again = dialog(page).locator('[data-testid="observations-form"]');
    await expect
      .poll(() => again.locator('[data-field="sample_collection_datetime"]').inputValue())
      .toBe('23/11/2026');
    expect(await again.getByLabel('Heures').inputValue()).toBe('08');
    expect(await again.getByLabel('Minutes').inputValue()).toBe('30');
    await page.context().close();
  });

  it('reads the same in English, in dark mode and on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, baseUrl, 'biologiste@demo.lab', '/en/');
    await openBench(page, 'en');
    await expect
      .poll(() => line(page, 'Hémoglobine').locator('[data-testid="raw-range"]').innerText())
      .toBe('12.0–16.0 (Adult female)');
    await screenshot(page, 'results-bench-en-light-1280');
    await page.goto(`${baseUrl}/en/dashboard`);
    await toggleTheme(page);
    await openBench(page, 'en');
    await screenshot(page, 'results-bench-en-dark-1280');
    await dialog(page).getByRole('tab', { name: 'Observations' }).click();
    await dialog(page).locator('[data-testid="observations-form"]').waitFor();
    await dialog(page).locator('[data-field="sample_observations"]').fill('Slight haemolysis');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Sample updated');
    await screenshot(page, 'results-bench-en-dark-observations');
    await page.goto(`${baseUrl}/en/dashboard`);
    // The biologist's theme goes back as it was: other journeys read it.
    await toggleTheme(page);
    await page.context().close();

    const phone = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await signIn(phone, baseUrl, 'technicien@demo.lab');
    await openBench(phone);
    await expect
      .poll(() => dialog(phone).locator('[data-line^="Glucose "] [data-flag]').allTextContents())
      .toEqual(['Haut']);
    // On a phone each line is a card: its reference and printed value among its pairs, nothing wider.
    const card = dialog(phone).locator('[data-line^="Glucose "]');
    expect(await card.innerText()).toMatch(new RegExp(`Référence\\s+GLU${stamp}`));
    expect(await card.innerText()).toMatch(/Valeur\s+\d+,\d{2}\smmol\/L H/);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'results-bench-fr-light-375');
    await phone.context().close();
  });

  it('shows a calculated LDL read-only with its inputs named, following what is typed', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'technicien@demo.lab');
    await page.goto(
      `${baseUrl}/fr/table/techniques?${new URLSearchParams({ search: lipids.number, sample: lipids.id })}`,
    );
    await input(page, 'Cholestérol HDL').waitFor();
    const ldl = line(page, 'Cholestérol LDL');
    // 5,48 − 1,50 − 1,20 / 2,2 mmol/L, calculated by the server when the inputs were saved.
    await expect.poll(() => ldl.locator('[data-testid="calculated"]').innerText()).toBe('3,43');
    expect(await ldl.locator('[data-testid="calculated-from"]').innerText()).toBe(
      `Calculé à partir de : Cholestérol total ${stamp}, Cholestérol HDL ${stamp}, Triglycérides ${stamp}`,
    );
    expect(await input(page, 'Cholestérol LDL').count()).toBe(0);
    expect(await ldl.locator('[data-testid="calculated-range"]').innerText()).toBe('≤ 4,10 (Par défaut)');

    // The bench reads it again as the inputs are typed, with the server's rule.
    await input(page, 'Cholestérol HDL').fill('0,4');
    await expect.poll(() => ldl.locator('[data-testid="calculated"]').innerText()).toBe('3,90');
    await input(page, 'Triglycérides').fill('4,2');
    await expect
      .poll(() => ldl.locator('[data-testid="calculation-error"]').innerText())
      .toBe(`Calcul impossible : condition non remplie : Triglycérides ${stamp} < 4.5`);
    await screenshot(page, 'results-bench-calculated-fr');
    await page.context().close();

    const phone = await newPage(browser, { locale: 'en-GB', viewport: { width: 375, height: 800 } });
    await signIn(phone, baseUrl, 'biologiste@demo.lab', '/en/');
    await phone.goto(
      `${baseUrl}/en/table/techniques?${new URLSearchParams({ search: lipids.number, sample: lipids.id })}`,
    );
    const card = dialog(phone).locator(`[data-line^="Cholestérol LDL "]`);
    await expect.poll(() => card.locator('[data-testid="calculated"]').innerText()).toBe('3.43');
    expect(await card.locator('[data-testid="calculated-from"]').innerText()).toContain('Calculated from: ');
    await card.scrollIntoViewIfNeeded();
    await screenshot(phone, 'results-bench-calculated-en-375');
    await phone.context().close();
  });
});
