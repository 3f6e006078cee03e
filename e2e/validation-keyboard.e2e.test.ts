import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage } from './browser.js';
import { idOf, setAsideWaitingRecords, waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * A biologist's morning at its counted cost (issue 40): ten records of four tubes each, results
 * entered and samples removed as the bench leaves them, validated one after the other with two key
 * chords each (Alt+A chooses every ready sample, Alt+V validates and loads the next record), no
 * click; then one record invalidated from its record screen. Each record fits one 1440×900 screen.
 * Its own server, so that the queue holds only this journey's records.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const RECORDS = 10;
const TUBES = ['Glycémie', 'Kaliémie', 'Créatininémie', 'Natrémie'];
const records: Array<{ id: string; samples: string[] }> = [];

const api = (method: string, path: string, body?: unknown) => send(server.url, method, path, body, admin);

/** The user's actions, counted as the issue counts them: clicks and keys. */
class Counted {
  clicks = 0;
  keys = 0;
  constructor(private readonly page: Page) {}
  async click(target: Locator) {
    this.clicks += 1;
    await target.click();
  }
  async press(chord: string) {
    this.keys += 1;
    await this.page.keyboard.press(chord);
  }
  async type(target: Locator, text: string) {
    this.keys += text.length;
    await target.pressSequentially(text);
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const made = async (path: string, body: unknown, field: string) =>
    idOf(await api('POST', path, body), field);
  const blood = await made('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const panel: Array<{ analysis: string; parameter: string }> = [];
  for (const [index, name] of TUBES.entries()) {
    const tube = await made(
      '/api/add-sampletype',
      { sample_type_name: `Tube ${index} ${stamp}` },
      'sample_type_id',
    );
    const parameter = await made(
      '/api/add-parameter',
      {
        parameter_name: `${name} ${stamp}`,
        parameter_unit: 'g/L',
        parameter_decimals: 2,
        parameter_ranges: [{ population: 'default', min: 0.5, max: 1.5 }],
      },
      'parameter_id',
    );
    const analysis = await made(
      '/api/add-analysis',
      {
        analysis_name: `${name} ${stamp}`,
        analysis_matrix: blood,
        analysis_sample_type: tube,
        analysis_parameters: [parameter],
        analysis_visible: true,
      },
      'analysis_id',
    );
    panel.push({ analysis, parameter });
  }
  // Whatever the demo laboratory holds waiting is set aside: the queue is this journey's.
  await setAsideWaitingRecords(server.url, admin);
  for (let index = 0; index < RECORDS; index += 1) {
    const answer = (await api('POST', '/api/add-patient', {
      patient_surname: `MATIN${stamp}`,
      patient_name: `Patient ${index + 1}`,
      patient_gender: index % 2 ? 'M' : 'F',
      patient_dob: `19${50 + index}-03-0${(index % 9) + 1}`,
      record_selected_analyses: [{ combination: 1, analysis_ids: panel.map((entry) => entry.analysis) }],
    })) as { record_id: string; samples: Array<{ sample_id: string }> };
    const samples = answer.samples.map((sample) => sample.sample_id);
    for (const sampleId of samples) {
      const [sample] = (await api('GET', `/api/get-sample?sample_id=${sampleId}`)) as Array<{
        sample_analyses: string[];
      }>;
      const entry = panel.find((candidate) => sample?.sample_analyses.includes(candidate.analysis));
      await api('PUT', '/api/update-sample-results', {
        sample_id: sampleId,
        results: [{ parameter_id: entry?.parameter, result_value: 0.9 + index / 100 }],
      });
    }
    await api('PUT', '/api/receive-record', { record_id: answer.record_id });
    for (const sampleId of samples)
      await api('PUT', '/api/update-sample-status', { sample_id: sampleId, sample_status: 3 });
    records.push({ id: answer.record_id, samples });
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const review = (page: Page) => page.locator('[data-testid="record-review"]');
const statusOf = async (recordId: string) => {
  const [record] = (await api('GET', `/api/get-record?record_id=${recordId}`)) as Array<{
    record_status: number;
  }>;
  return record?.record_status;
};

describe('a morning of validation by keyboard', () => {
  it('validates ten four-tube records with two key chords each and no click', async () => {
    const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'biologiste@demo.lab', '/fr/validate-record');
    const user = new Counted(page);
    for (const [index, record] of records.entries()) {
      await expect.poll(() => review(page).getAttribute('data-record')).toBe(record.id);
      // The whole record on one screen: its four tubes and the validate button above the fold.
      await expect.poll(() => review(page).locator('[data-sample]').count()).toBe(TUBES.length);
      const button = await page.locator('[data-action="validate"]').boundingBox();
      expect(button && button.y + button.height).toBeLessThanOrEqual(900);
      await user.press('Alt+KeyA');
      await expect
        .poll(() => page.locator('[data-action="choose-sample"]:checked').count())
        .toBe(TUBES.length);
      await user.press('Alt+KeyV');
      if (index < RECORDS - 1) await waitForToast(page, 'Dossier suivant à valider chargé');
    }
    await page.locator('[data-testid="none-left"]').waitFor();
    expect({ clicks: user.clicks, keys: user.keys }).toEqual({ clicks: 0, keys: 2 * RECORDS });
    for (const record of records) expect(await statusOf(record.id)).toBe(4);
    await page.context().close();
  });

  it('invalidates one record from its record screen', async () => {
    const record = records[3];
    if (!record) throw new Error('no record');
    const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'biologiste@demo.lab', `/fr/preview-record/${record.id}`);
    const user = new Counted(page);
    await user.click(page.locator('[data-action="open-invalidate"]'));
    await expect.poll(() => review(page).getAttribute('data-status')).toBe('4');
    await user.press('Alt+KeyA');
    await user.press('Alt+KeyI');
    const dialog = page.locator('[data-testid="invalidate-dialog"]');
    await user.type(dialog.locator('[data-field="reason"]'), 'Tube hémolysé');
    await user.click(dialog.locator('[data-action="confirm-invalidate"]'));
    await waitForToast(page, 'Invalidé avec succès');
    await expect.poll(() => review(page).getAttribute('data-status')).toBe('3');
    expect(await statusOf(record.id)).toBe(3);
    // Two clicks (the record screen's button, the confirmation), two chords and the reason typed.
    expect({ clicks: user.clicks, keys: user.keys }).toEqual({ clicks: 2, keys: 2 + 'Tube hémolysé'.length });
    await page.context().close();
  });
});
