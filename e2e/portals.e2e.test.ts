import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { choose, glycemiaToValidate, setUpGlycemia, validateAll, waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * The portals in the browser (issue 17). A prescriber finds its validated record in its list and
 * downloads the report; a clinic's medical user creates an external record, prints its external
 * label, attaches a file, and the laboratory receives the record. Screenshots in French and
 * English, light and dark, and on a 375 px phone.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const SURNAME = `PORTAIL${stamp}`;
const CLINIC_SURNAME = `EXTERNE${stamp}`;
let validated: { id: string; number: string };
let abnormal: { id: string; number: string };
const ABNORMAL_SURNAME = `ANORMAL${stamp}`;
let analysisName: string;
let collectorName: string;
const PDF = Buffer.from('%PDF-1.4\n% bon de demande\n');

const api = (method: string, path: string, body?: unknown, headers = admin) =>
  send(server.url, method, path, body, headers);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const glycemia = await setUpGlycemia(server.url, admin, stamp);
  analysisName = glycemia.analysisName;
  const prescriberUser = (await api(
    'GET',
    '/api/get-user-data',
    undefined,
    await apiLogin(server.url, 'prescripteur@demo.lab'),
  )) as { rights: { prescriber_id: string } };
  const clinicUser = (await api(
    'GET',
    '/api/get-user-data',
    undefined,
    await apiLogin(server.url, 'clinique@demo.lab'),
  )) as { rights: { clinic_id: string } };
  collectorName = `PRELEVEUR${stamp}`;
  await api('POST', '/api/add-collector', {
    collector_surname: collectorName,
    collector_name: 'Inès',
    collector_owner: clinicUser.rights.clinic_id,
  });

  // The prescriber's records, taken through the bench and validated by the biologist: one in
  // range, one whose glucose is high (the abnormal mark).
  const biologist = await apiLogin(server.url, 'biologiste@demo.lab');
  const validatedRecord = async (surname: string, glucose: number, fields: Record<string, unknown> = {}) => {
    const made = await glycemiaToValidate(
      server.url,
      admin,
      glycemia,
      {
        patient_surname: surname,
        record_prescriber: prescriberUser.rights.prescriber_id,
        record_internal_notes: `Note interne ${stamp}`,
        ...fields,
      },
      glucose,
    );
    await validateAll(server.url, biologist, made);
    return { id: made.id, number: made.number };
  };
  validated = await validatedRecord(SURNAME, 0.92);
  // The abnormal record's patient had a glucose in range a week before: its previous value.
  const earlier = await validatedRecord(ABNORMAL_SURNAME, 0.95, {
    record_collection_datetime: '2026-11-16T08:00',
  });
  const [earlierRecord] = (await api('GET', `/api/get-record?record_id=${earlier.id}`)) as Array<{
    record_patient: string;
  }>;
  abnormal = await validatedRecord(ABNORMAL_SURNAME, 1.26, {
    patient_id: earlierRecord?.record_patient,
    record_collection_datetime: '2026-11-23T08:00',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs `action` and answers the file the browser downloads. */
async function download(page: Page, action: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), action()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

async function findInList(page: Page, term: string) {
  await page.locator('[data-testid="table-search"]').fill(term);
  const row = page.locator('[data-row-id]', { hasText: term }).first();
  await row.waitFor();
  return row;
}

describe('prescriber portal', () => {
  it('finds the validated record in its list and downloads its report', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'prescripteur@demo.lab');
    await page.waitForURL(/\/fr\/table\/doctors$/);
    const row = await findInList(page, SURNAME);
    expect(await row.innerText()).toContain(validated.number);
    // A prescriber reads its list: no add, delete or export of the laboratory's.
    for (const action of ['add', 'delete'])
      expect(await page.locator(`[data-action="${action}"]`).count()).toBe(0);
    await screenshot(page, 'portal-doctors-fr-light-1280');
    await row.click();
    const modal = page.locator('[data-testid="report-card"]');
    const version = modal.locator('[data-testid="report-versions"] [data-version="1"]');
    await version.waitFor();
    // The watermarked draft is the laboratory's: only the stored versions are offered.
    expect(await modal.locator('[data-action="preview-report"]').count()).toBe(0);
    await screenshot(page, 'portal-doctors-report-fr-light-1280');
    const file = await download(page, () => version.locator('[data-action="download-report"]').click());
    expect(file.name).toBe(`${validated.number} - COMPTE RENDU V1.pdf`);
    expect(isPdf(file.bytes)).toBe(true);
    await waitForToast(page, 'Compte rendu téléchargé');
    // The record screen is not a prescriber's: its address leads back to the list.
    await page.goto(`${server.url}/fr/preview-record/${validated.id}`);
    await page.waitForURL(/\/fr\/table\/doctors$/);
    await page.context().close();
  });

  it('marks the record with an abnormal validated result, and filters on the mark', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'prescripteur@demo.lab');
    await page.waitForURL(/\/fr\/table\/doctors$/);
    const high = await findInList(page, ABNORMAL_SURNAME);
    expect(await high.innerText()).toContain(abnormal.number);
    expect(await high.locator('[data-mark="alert"]').count()).toBe(1);
    await screenshot(page, 'portal-doctors-abnormal-fr-light-1280');
    // Its validated results line by line: the high glucose highlighted, its range, flag and previous value.
    await high.click();
    const line = page.locator('[data-testid="validated-results"] [data-line]').first();
    await line.waitFor();
    expect(await line.getAttribute('data-abnormal')).toBe('true');
    const cells = await line.locator('td').allInnerTexts();
    expect(cells.slice(1).map((cell) => cell.trim())).toEqual([
      `Glucose ${stamp}`,
      '1,26 g/L',
      '0,70 – 1,10 g/L',
      // The flag's badge is written in capitals (innerText follows the style).
      'HAUT',
      '0,95 g/L le 16/11/2026',
    ]);
    await page.getByText('1 résultat anormal').waitFor();
    await screenshot(page, 'portal-doctors-results-fr-light-1280');
    await page.keyboard.press('Escape');
    const normal = await findInList(page, SURNAME);
    expect(await normal.locator('[data-mark="alert"]').count()).toBe(0);
    // Filtered on the mark (as an address may carry it): the record in range is not listed.
    await page.goto(`${server.url}/fr/table/doctors?record_abnormal=true`);
    await findInList(page, ABNORMAL_SURNAME);
    await page.locator('[data-testid="table-search"]').fill(SURNAME);
    await page.locator('[data-testid="table-empty"]').waitFor();
    await page.context().close();
  });

  it('reads in English and dark, and on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, server.url, 'prescripteur@demo.lab', '/en/');
    await toggleTheme(page);
    // Away from the side bar, which the theme toggle left open.
    await page.mouse.move(900, 700);
    const row = await findInList(page, SURNAME);
    await screenshot(page, 'portal-doctors-en-dark-1280');
    await row.click();
    await page.locator('[data-testid="report-versions"] [data-version="1"]').waitFor();
    expect(await page.locator('[data-action="open-report"]').first().innerText()).toBe('Open');
    const results = page.locator('[data-testid="validated-results"]');
    expect(await results.getByRole('heading').innerText()).toBe('Validated results');
    expect(await results.locator('[data-line] td').nth(2).innerText()).toBe('0.92 g/L');
    await screenshot(page, 'portal-doctors-report-en-dark-1280');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 812 });
    const card = page.locator('[data-row-id]', { hasText: SURNAME }).first();
    await card.waitFor();
    await screenshot(page, 'portal-doctors-en-dark-375');
    await card.click();
    await page.locator('div[data-version="1"] [data-action="download-report"]').waitFor();
    // On a phone each result is a block of its own, its range and previous value beneath.
    await page
      .locator('[data-testid="validated-results"] [data-line]')
      .getByText('Reference range:')
      .waitFor();
    await screenshot(page, 'portal-doctors-report-en-dark-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await toggleTheme(page);
    await page.context().close();
  });
});

describe('external records portal', () => {
  let recordId = '';

  it('creates an external record, prints its label, uploads a file; the laboratory receives it', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'clinique@demo.lab');
    await page.waitForURL(/\/fr\/table\/external_records$/);
    await page.locator('[data-action="add"]').click();
    await page.waitForURL(/\/fr\/form\/external_records$/);
    // Nothing filled: the form says what is missing and sends nothing.
    await page.locator('[data-action="create-external-record"]').click();
    await page.getByText('Ce champ est obligatoire').first().waitFor();
    await page.locator('[data-field="patient_surname"]').fill(CLINIC_SURNAME);
    await page.locator('[data-field="patient_name"]').fill('Jeanne');
    await choose(page, 'patient_gender', 'Féminin');
    await page.locator('[data-field="patient_dob"]').fill('14/09/1975');
    await page.locator('[data-field="patient_external_id"]').fill(`CL-${stamp}`);
    await page.locator('[data-field="record_collection_datetime"]').pressSequentially('23112026');
    await page.getByLabel('Heures').pressSequentially('08');
    await page.getByLabel('Minutes').pressSequentially('15');
    await choose(page, 'record_collector', collectorName);
    await page.locator('[data-field="analyses"]').click();
    await page.getByRole('option', { name: analysisName }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'portal-external-form-fr-light-1280');
    await page.locator('[data-action="create-external-record"]').click();
    await waitForToast(page, 'Dossier ajouté');
    await page.waitForURL(/\/fr\/preview-record\/[0-9a-f-]{36}$/);
    recordId = page.url().split('/').at(-1) ?? '';

    // The clinic's record screen: its own actions, none of the laboratory's.
    const actions = page.locator('[data-testid="portal-actions"]');
    await actions.waitFor();
    for (const staffOnly of ['print-labels', 'print-password', 'receive', 'trace', 'request-form'])
      expect(await page.locator(`[data-action="${staffOnly}"]`).count()).toBe(0);
    expect(await page.getByText('Notes internes').count()).toBe(0);
    expect(await page.getByText('Mot de passe').count()).toBe(0);
    // Its sample by type and matrix names, as the laboratory's screen shows them.
    const sample = page.locator('[data-testid="sample-row"]').first();
    await expect.poll(() => sample.innerText()).toContain(`Tube sec ${stamp}`);
    expect(await sample.innerText()).toContain(`Sang ${stamp}`);
    await screenshot(page, 'portal-external-record-fr-light-1280');
    const label = await download(page, () => actions.locator('[data-action="external-label"]').click());
    expect(label.name).toMatch(/ - ETIQUETTE EXTERNE\.pdf$/);
    expect(isPdf(label.bytes)).toBe(true);

    await actions.locator('[data-action="uploads"]').click();
    await page.waitForURL(new RegExp(`/fr/uploads/${recordId}$`));
    await page.locator('input[type="file"]').setInputFiles({
      name: `bon-${stamp}.pdf`,
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.locator('[data-action="upload"]').click();
    await waitForToast(page, 'Fichier envoyé');
    const uploaded = page.locator('[data-testid="uploads"] tbody tr', { hasText: `bon-${stamp}.pdf` });
    await uploaded.waitFor();
    // Deleting a file stays the laboratory's.
    expect(await uploaded.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
    await screenshot(page, 'portal-external-uploads-fr-light-1280');
    await page.context().close();

    // The laboratory receives it into its normal flow.
    const lab = await newPage(browser);
    await signIn(lab, server.url, 'secretariat@demo.lab', `/fr/preview-record/${recordId}`);
    await lab.locator('[data-action="receive"]').click();
    await waitForToast(lab, 'Dossier réceptionné avec succès');
    await lab.context().close();

    const back = await newPage(browser);
    await signIn(back, server.url, 'clinique@demo.lab');
    const row = await findInList(back, CLINIC_SURNAME);
    // textContent: the badge's capitals are the style's, not the text's.
    await expect.poll(() => row.textContent()).toContain('Enregistré');
    // Collected at 08:15 on the laboratory's clock, read back the same.
    expect(await row.textContent()).toContain('23/11/2026 08:15');
    await screenshot(back, 'portal-external-list-fr-light-1280');
    await back.context().close();
  });

  it('reads in English and dark, and on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, server.url, 'clinique@demo.lab', '/en/');
    await toggleTheme(page);
    await page.mouse.move(900, 700);
    await findInList(page, CLINIC_SURNAME);
    await screenshot(page, 'portal-external-list-en-dark-1280');
    await page.goto(`${server.url}/en/preview-record/${recordId}`);
    await page.locator('[data-testid="portal-actions"]').waitFor();
    await screenshot(page, 'portal-external-record-en-dark-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'portal-external-record-en-dark-375');
    await page.goto(`${server.url}/en/form/external_records`);
    await page.locator('[data-field="patient_surname"]').waitFor();
    await screenshot(page, 'portal-external-form-en-dark-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(page);
    await page.context().close();
  });

  it('lists only the external records for the laboratory, from the Other menu', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab', '/fr/table/external_records');
    await findInList(page, CLINIC_SURNAME);
    await screenshot(page, 'portal-external-list-staff-fr-light-1280');
    // The laboratory's own record (no clinic) is on its records list, not on this one.
    await page.locator('[data-testid="table-search"]').fill(SURNAME);
    await page.locator('[data-testid="table-empty"]').waitFor();
    await page.goto(`${server.url}/fr/table/records`);
    await findInList(page, SURNAME);
    await page.context().close();
  });
});
