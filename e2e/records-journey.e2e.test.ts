import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, openFilters, screenshot, toastTexts, toggleTheme } from './browser.js';
import { type RunningAgent, readLabels, startAgent } from './records-agent.js';
import { choose, idOf, next, nirOf, setUpCatalogue, waitForToast } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

const baseUrl = sharedServerUrl();
let browser: Browser;
let agent: RunningAgent;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const SURNAME = `MARTIN${stamp}`;
const analyses = ['NFS E2E', 'Glycémie E2E', 'Éthanol E2E'];

/** NIR with its real key (97 − n mod 97): woman born in April 1985 in Paris 5e. */
const NIR_BODY = '2850475105123';
const NIR = nirOf(NIR_BODY);

const WRONG_NIR = `${NIR_BODY}${NIR.endsWith('01') ? '02' : '01'}`;

beforeAll(async () => {
  browser = await launchBrowser();
  agent = await startAgent(baseUrl);
  admin = await apiLogin(baseUrl, 'admin@demo.lab');
  await setUpCatalogue(baseUrl, admin, stamp, analyses);
});

afterAll(async () => {
  await agent?.stop();
  await browser?.close();
});

let recordId = '';
let recordNumber = '';
let patientId = '';

describe('the front desk registers a patient and a record, prints, scans', () => {
  it('registers a new patient and a record with three analyses through the whole wizard in French', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/form/records');
    await page.getByText('Veuillez choisir ce que vous souhaitez faire').waitFor();
    await page.locator('[data-action="new-record"]').click();
    await page.locator('[data-step="patient"]').waitFor();
    await page.locator('[data-action="skip"]').click();

    await page.locator('[data-step="identity"]').waitFor();
    await choose(page, 'patient_civility', 'Madame');
    await choose(page, 'patient_gender', 'Féminin');
    await page.locator('[data-field="patient_surname"]').fill(SURNAME);
    await page.locator('[data-field="patient_name"]').fill('Claire');
    await page.locator('[data-field="patient_dob"]').fill('1985-04-12');
    await page.locator('[data-field="patient_birthplace"]').fill('75105');
    await page.locator('[data-field="patient_nir"]').fill(WRONG_NIR);
    await page.locator('[data-nir="invalid"]').waitFor();
    await page.locator('[data-field="patient_nir"]').fill(NIR);
    await page.locator('[data-nir="valid"]').waitFor();
    await next(page, 'physiology');
    await page.locator('[data-field="patient_height_cm"]').fill('165');
    await next(page, 'insurance');
    await page.locator('[data-field="patient_insurance_to"]').fill('2020-12-31');
    await page.locator('[data-warning="expired"]').waitFor();
    await page.locator('[data-field="patient_insurance_to"]').fill('2099-12-31');
    await next(page, 'contact');
    await page.locator('[data-field="patient_phone_num"]').fill('06 12 34 56 78');
    await page.locator('[data-field="patient_city"]').fill('Paris');
    // The country is found by its name typed without accents, in the screen's language.
    await page.locator('[data-field="patient_country"]').fill('reunion');
    await page.getByRole('option', { name: 'La Réunion' }).click();
    await next(page, 'patientExtra');
    await next(page, 'collection');
    await page.locator('[data-field="record_prescription_date"]').fill('2026-01-15');
    await next(page, 'clinical');
    await page.locator('[data-field="record_clinical_information"]').fill('Bilan annuel');
    await next(page, 'report');
    await page.locator('[data-field="record_must_online"]').check();
    await next(page, 'recordExtra');
    await next(page, 'analyses');
    for (const name of analyses) {
      await page.locator('[data-field="record_selected_analyses"]').click();
      await page.keyboard.type(name.slice(0, 5));
      await page.getByRole('option', { name: new RegExp(name) }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByText('Combinaison 1 (3)').waitFor();
    await screenshot(page, 'record-wizard-step11-fr-light');
    await next(page, 'special');
    await next(page, 'summary');
    await page.getByText(SURNAME).first().waitFor();
    await page.getByTestId('record-summary').getByText('La Réunion').waitFor();
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-testid="record-created"]').waitFor();
    recordNumber = (await page.locator('[data-testid="record-number"]').textContent()) ?? '';
    expect(recordNumber).toMatch(/\S+/);
    expect(await page.locator('[data-testid="record-password"]').textContent()).toMatch(/\S+/);

    // Labels go to the real agent, which writes them as a PDF: one per sample, barcode = sample number.
    await page.locator('[data-action="print-labels"]').click();
    // The agent renders the labels' PDF: on a loaded machine that takes longer than a save.
    await waitForToast(page, 'Impression réussie', 40_000);
    await page.locator('[data-action="open-record"]').click();
    await page.locator('[data-testid="samples"]').waitFor();
    recordId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const answer = await fetch(`${baseUrl}/api/get-record?record_id=${recordId}`, { headers: admin });
    const [record] = (await answer.json()) as Array<{
      patient: { patient_id: string; patient_country: string };
      samples: Array<{ sample_number: string }>;
    }>;
    patientId = record?.patient.patient_id ?? '';
    expect(record?.patient.patient_country).toBe('RE');
    const numbers = (record?.samples ?? []).map((sample) => sample.sample_number).sort();
    expect(numbers).toHaveLength(2);
    const labels = readLabels(agent.outputDir);
    expect(labels.map((label) => label.barcode).sort()).toEqual(numbers);
    expect(labels[0]?.lines[0]).toContain(SURNAME);
    await screenshot(page, 'record-screen-fr-light');
    expect(await toastTexts(page)).not.toContain('Erreur');
    await page.context().close();
  });

  it('finds the record by scanning it; a second scan is refused', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/scan');
    const input = page.locator('[data-testid="scan-input"]');
    await input.fill(recordNumber);
    await input.press('Enter');
    await page.locator('[data-testid="scanned-record"]').getByText(recordNumber).waitFor();
    await screenshot(page, 'scanner-fr-light');
    await input.fill(recordNumber);
    await input.press('Enter');
    await page.locator('[data-testid="scan-refused"]').getByText('Déjà scanné').waitFor();
    await page.locator('[data-testid="scanned-record"]').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('shows the patient history with the record and its samples', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', `/fr/patient/${patientId}`);
    await page.locator('[data-testid="history-record"]').getByText(recordNumber, { exact: true }).waitFor();
    // Both samples of the record are listed under it.
    await page.locator('[data-testid="history-record"]').getByText(`${recordNumber}-02`).waitFor();
    // The records table finds it by number; its status filter reads as words; a click opens the record.
    await page.goto(`${baseUrl}/fr/table/records`);
    await page.locator('[data-testid="table-search"]').fill(recordNumber);
    await openFilters(page);
    await page.locator('[data-filter="filter_date_from"]').waitFor();
    await page.locator('[data-filter="record_status"]').click();
    await page.getByRole('option', { name: 'Pré-enregistré' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText(SURNAME).first().click();
    await page.locator('[data-testid="samples"]').waitFor();
    await page.context().close();
  });
});

describe('screenshots in English dark and on a phone', () => {
  it('en dark: step 11, the record and the scanner', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, baseUrl, 'admin@demo.lab', '/en/');
    await page.locator('main h1').waitFor();
    await toggleTheme(page);
    await page.goto(`${baseUrl}/en/form/records/${patientId}/${recordId}`);
    await page.getByRole('button', { name: 'Record analyses' }).click();
    await page.locator('[data-step="analyses"]').waitFor();
    await screenshot(page, 'record-wizard-step11-en-dark');
    await page.goto(`${baseUrl}/en/preview-record/${recordId}`);
    await page.locator('[data-testid="samples"]').waitFor();
    await screenshot(page, 'record-screen-en-dark');
    await page.goto(`${baseUrl}/en/scan`);
    await page.locator('[data-testid="scan-input"]').fill(recordNumber);
    await page.locator('[data-testid="scan-input"]').press('Enter');
    await page.locator('[data-testid="scan-refused"]').waitFor();
    await screenshot(page, 'scanner-en-dark');
    await toggleTheme(page);
    await page.context().close();
  });

  it('375 px: step 11, the record and the scanner', async () => {
    const page = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, baseUrl, 'secretariat@demo.lab', `/fr/form/records/${patientId}/${recordId}`);
    // No step marks on a phone: the record is walked through with 'Suivant' up to the analyses.
    await page.locator('[data-step="identity"]').waitFor();
    while ((await page.locator('[data-step="analyses"]').count()) === 0) {
      await page.locator('[data-action="next"]').click();
    }
    await screenshot(page, 'record-wizard-step11-fr-mobile');
    await page.goto(`${baseUrl}/fr/preview-record/${recordId}`);
    await page.locator('[data-testid="samples"]').waitFor();
    await screenshot(page, 'record-screen-fr-mobile');
    await page.goto(`${baseUrl}/fr/scan`);
    await page.locator('[data-testid="scan-input"]').waitFor();
    await screenshot(page, 'scanner-fr-mobile');
    await page.context().close();
  });
});

describe('data management', () => {
  it('merges a duplicate patient into the kept one', async () => {
    const twin = {
      patient_surname: `DOUBLE${stamp}`,
      patient_name: 'Jean',
      patient_gender: 'M',
      patient_dob: '1970-01-01',
    };
    const analysesList = await (
      await fetch(`${baseUrl}/api/get-analyses?search=${encodeURIComponent(analyses[1] ?? '')}`, {
        headers: admin,
      })
    ).json();
    const analysisId = idOf(Reflect.get(Object(analysesList), 'data')[0], 'analysis_id');
    for (let copy = 0; copy < 2; copy++) {
      await send(
        baseUrl,
        'POST',
        '/api/add-patient',
        { ...twin, record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId] }] },
        admin,
      );
    }
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/data-management');
    const group = page.locator('[data-testid="duplicate-group"]', { hasText: twin.patient_surname });
    await group.waitFor();
    await expect(group.locator('[data-action="merge"]').isDisabled()).resolves.toBe(true);
    await group.locator('[data-testid="keep-or-delete"]').nth(1).getByText('Supprimer').click();
    await expect(group.locator('[data-action="merge"]').isDisabled()).resolves.toBe(true);
    await group.locator('[data-testid="replacement"]').click();
    await page.getByRole('option').first().click();
    await group.locator('[data-action="merge"]').click();
    await page.locator('[data-action="confirm-merge"]').click();
    await waitForToast(page, 'Doublons fusionnés');
    await group.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('declares homonyms not duplicates, and proposes them again when a third one joins', async () => {
    const homonym = {
      patient_surname: `HOMONYME${stamp}`,
      patient_name: 'Marie',
      patient_gender: 'F',
      patient_dob: '1980-05-05',
    };
    const analysesList = await (
      await fetch(`${baseUrl}/api/get-analyses?search=${encodeURIComponent(analyses[1] ?? '')}`, {
        headers: admin,
      })
    ).json();
    const analysisId = idOf(Reflect.get(Object(analysesList), 'data')[0], 'analysis_id');
    const register = () =>
      send(
        baseUrl,
        'POST',
        '/api/add-patient',
        { ...homonym, record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId] }] },
        admin,
      );
    await register();
    await register();
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/data-management');
    const group = page.locator('[data-testid="duplicate-group"]', { hasText: homonym.patient_surname });
    await group.waitFor();
    await group.locator('[data-action="not-duplicates"]').click();
    const confirm = page.getByRole('dialog', { name: 'Ces patients ne sont pas des doublons' });
    expect(await confirm.getByRole('listitem').count()).toBe(2);
    await screenshot(page, 'duplicates-not-duplicates-fr-light');
    await confirm.locator('[data-action="confirm-not-duplicates"]').click();
    await waitForToast(page, 'Patients déclarés distincts');
    await group.waitFor({ state: 'detached' });
    // Still gone once the page is read again: the declaration is the server's.
    await page.reload();
    await page
      .locator('[data-testid="duplicate-group"]')
      .or(page.getByText('Aucun doublon détecté'))
      .first()
      .waitFor();
    expect(await group.count()).toBe(0);

    // A third homonym re-opens the group, whole, saying which two were declared distinct.
    await register();
    await page.reload();
    await group.waitFor();
    expect(await group.locator('tr[data-patient]').count()).toBe(3);
    expect(await group.locator('[data-testid="declared-distinct"]').innerText()).toMatch(
      /^Déjà déclarés distincts : .*HOMONYME.*, .*HOMONYME.*\. Un nouveau patient partage leur identité\.$/,
    );
    await page.context().close();

    const english = await newPage(browser, { locale: 'en-GB' });
    await signIn(english, baseUrl, 'admin@demo.lab', '/en/data-management');
    const reopened = english.locator('[data-testid="duplicate-group"]', { hasText: homonym.patient_surname });
    await reopened.waitFor();
    await toggleTheme(english);
    // The side bar the theme's menu item widened folds back once the pointer leaves it.
    await english.mouse.move(900, 500);
    await reopened.scrollIntoViewIfNeeded();
    await screenshot(english, 'duplicates-reopened-en-dark');
    await reopened.locator('[data-action="not-duplicates"]').click();
    await english.getByRole('dialog', { name: 'These patients are not duplicates' }).waitFor();
    await screenshot(english, 'duplicates-not-duplicates-en-dark');
    await english.keyboard.press('Escape');
    await toggleTheme(english);
    await english.context().close();

    const phone = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await signIn(phone, baseUrl, 'admin@demo.lab', '/fr/data-management');
    const onPhone = phone.locator('[data-testid="duplicate-group"]', { hasText: homonym.patient_surname });
    await onPhone.waitFor();
    await onPhone.scrollIntoViewIfNeeded();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'duplicates-reopened-fr-375');
    await phone.context().close();
  });
});
