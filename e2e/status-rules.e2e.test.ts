import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot } from './browser.js';
import { idOf, waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Completing a sample with missing results, and the results in the patient history (issue 13): a
 * technician marks a sample 'removed' with a result missing, reads the warning in the confirmation
 * dialog and completes it anyway; the patient's screen then lists every result, newest first, with
 * its flags and whether it is validated. Light and dark, French and English, 1280 and 375 px. Its own
 * server, so that changing the technician's theme touches no other journey.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
let technician: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const ids = { glucose: '', potassium: '', panel: '', patient: '' };
const pending = { record: '', number: '', sample: '' };

const MODES = [
  { locale: 'fr', theme: 'light' },
  { locale: 'en', theme: 'dark' },
] as const;
type Mode = (typeof MODES)[number];

const api = (method: string, path: string, body?: unknown, as = admin) =>
  send(server.url, method, path, body, as);

/** A received record of the panel for the patient (a new one without `patientId`), glucose entered. */
async function receivedRecord(glucose: number, patientId?: string) {
  const answer = (await api('POST', '/api/add-patient', {
    ...(patientId
      ? { patient_id: patientId }
      : {
          patient_surname: `LEROY${stamp}`,
          patient_name: 'Claire',
          patient_gender: 'F',
          patient_dob: '1972-05-20',
        }),
    record_selected_analyses: [{ combination: 1, analysis_ids: [ids.panel] }],
  })) as {
    record_id: string;
    record_number: string;
    patient_id: string;
    samples: Array<{ sample_id: string }>;
  };
  const sampleId = answer.samples[0]?.sample_id ?? '';
  await api('PUT', '/api/update-sample-results', {
    sample_id: sampleId,
    results: [{ parameter_id: ids.glucose, result_value: glucose }],
  });
  await api('PUT', '/api/receive-record', { record_id: answer.record_id });
  return {
    record: answer.record_id,
    number: answer.record_number,
    patient: answer.patient_id,
    sample: sampleId,
  };
}

/** The technician's appearance, saved on the server so that the session applies it at login. */
async function logInAs(page: Page, mode: Mode): Promise<void> {
  await api('PUT', '/api/update-user-preferences', { theme: mode.theme, locale: mode.locale }, technician);
  await signIn(page, server.url, 'technicien@demo.lab', `/${mode.locale}/`);
  await page.waitForFunction(
    (theme) => document.documentElement.getAttribute('data-mantine-color-scheme') === theme,
    mode.theme,
  );
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  technician = await apiLogin(server.url, 'technicien@demo.lab');
  const made = async (path: string, body: unknown, field: string) =>
    idOf(await api('POST', path, body), field);
  const blood = await made('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const dry = await made('/api/add-sampletype', { sample_type_name: `Tube sec ${stamp}` }, 'sample_type_id');
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
    },
    'parameter_id',
  );
  ids.panel = await made(
    '/api/add-analysis',
    {
      analysis_name: `Bilan ${stamp}`,
      analysis_matrix: blood,
      analysis_sample_type: dry,
      analysis_parameters: [ids.glucose, ids.potassium],
      analysis_visible: true,
    },
    'analysis_id',
  );
  // An earlier record, complete and validated: the patient's history holds validated results too.
  const earlier = await receivedRecord(0.92);
  ids.patient = earlier.patient;
  await api('PUT', '/api/update-sample-results', {
    sample_id: earlier.sample,
    results: [{ parameter_id: ids.potassium, result_value: 4.2 }],
  });
  await api('PUT', '/api/update-sample-status', { sample_id: earlier.sample, sample_status: 3 });
  const biologist = await apiLogin(server.url, 'biologiste@demo.lab');
  await api(
    'PUT',
    '/api/validate-record',
    { record_id: earlier.record, sample_ids: [earlier.sample] },
    biologist,
  );
  // Today's record: the glucose is entered and high, the potassium is not.
  Object.assign(pending, await receivedRecord(1.32, ids.patient));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sampleStatus = async () =>
  ((await api('GET', `/api/get-sample?sample_id=${pending.sample}`)) as Array<{ sample_status: number }>)[0]
    ?.sample_status;

describe('completing a sample with missing results', () => {
  it('asks for confirmation with the warning, and completes the sample only once confirmed', async () => {
    const page = await newPage(browser);
    await logInAs(page, MODES[0]);
    await page.goto(`${server.url}/fr/preview-record/${pending.record}`);
    const progress = page.locator('[data-action="sample-progress"]').first();
    await progress.click();
    // 'Validated' is not offered: validation alone takes that step.
    const offered = await page.getByRole('menuitem').allInnerTexts();
    expect(offered).toContain('Retiré');
    expect(offered).not.toContain('Validé');
    await page.getByRole('menuitem', { name: 'Retiré' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 analyse n’a pas encore de résultat.').waitFor();
    expect(await dialog.innerText()).toContain('tous les échantillons du dossier devront être invalidés');
    await screenshot(page, 'force-save-fr-light-1280');
    // Cancelled: nothing moved.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await sampleStatus()).toBe(0);

    await page.setViewportSize({ width: 375, height: 740 });
    await progress.click();
    await page.getByRole('menuitem', { name: 'Retiré' }).click();
    await dialog.getByText('1 analyse n’a pas encore de résultat.').waitFor();
    await screenshot(page, 'force-save-fr-light-375');
    await dialog.getByRole('button', { name: 'Terminer quand même' }).click();
    await waitForToast(page, 'Échantillon mis à jour');
    expect(await sampleStatus()).toBe(3);
    const [record] = (await api('GET', `/api/get-record?record_id=${pending.record}`)) as Array<{
      record_status: number;
    }>;
    expect(record?.record_status).toBe(3);
    await page.context().close();
  }, 90_000);
});

describe('results in the patient history', () => {
  it.each(MODES)(
    'lists the results newest first, with flags and validation ($locale, $theme)',
    async (mode) => {
      const page = await newPage(browser);
      await logInAs(page, mode);
      const words =
        mode.locale === 'fr'
          ? {
              validated: 'Validé',
              notValidated: 'Non validé',
              high: 'Haut',
              title: '3 résultats',
              value: '1,32 g/L',
            }
          : {
              validated: 'Validated',
              notValidated: 'Not validated',
              high: 'High',
              title: '3 results',
              value: '1.32 g/L',
            };
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await page.goto(`${server.url}/${mode.locale}/patient/${ids.patient}`);
        const section = page.getByTestId('history-results');
        await section.getByText(words.title).waitFor();
        const rows = section.getByTestId('history-result');
        await expect.poll(() => rows.count()).toBe(3);
        // Badges are written in capitals by their style: the words are compared whatever the case.
        const texts = (await rows.allInnerTexts()).map((text) => text.toLowerCase());
        // Today's glucose first (not validated, high), then the earlier record's, validated.
        expect(texts[0]).toContain(pending.number.toLowerCase());
        expect(texts[0]).toContain(words.value.toLowerCase());
        expect(texts[0]).toContain(words.notValidated.toLowerCase());
        expect(texts[0]).toContain(words.high.toLowerCase());
        for (const text of texts.slice(1)) {
          expect(text).not.toContain(pending.number.toLowerCase());
          expect(text).toContain(words.validated.toLowerCase());
          expect(text).not.toContain(words.notValidated.toLowerCase());
        }
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `patient-results-${mode.locale}-${mode.theme}-${width}`);
      }
      await page.context().close();
    },
    90_000,
  );
});
