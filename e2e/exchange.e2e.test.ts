import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import {
  glycemiaToValidate,
  idOf,
  type RecordToValidate,
  setUpGlycemia,
  validateAll,
  waitForToast,
} from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Result exchange in the browser (issue 16): a record prepared and validated through the API; on
 * the record screen the secretary opens the export menu and downloads the HL7 v2.5 message and the
 * CDA CR-BIO document of its results, the glucose coded with its LOINC code.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
let biologist: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
let record: RecordToValidate;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  biologist = await apiLogin(server.url, 'biologiste@demo.lab');
  const glycemia = await setUpGlycemia(server.url, admin, stamp, {
    parameter_code: `G${stamp}`,
    parameter_loinc: '2345-7',
  });
  record = await glycemiaToValidate(server.url, admin, glycemia, { patient_surname: `ECHANGE${stamp}` });
  await validateAll(server.url, biologist, record);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const menu = (page: Page) => page.locator('[data-action="export-results"]');

async function exportAs(page: Page, format: string) {
  await menu(page).click();
  const item = page.locator(`[data-format="${format}"]`);
  await item.waitFor();
  const [file] = await Promise.all([page.waitForEvent('download'), item.click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

describe('result exchange', () => {
  it('downloads the HL7 v2.5 message and the CDA document from the record screen', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'secretariat@demo.lab', `/fr/preview-record/${record.id}`);
    await menu(page).waitFor();
    expect(await menu(page).innerText()).toBe('Exporter les résultats');
    await menu(page).click();
    await page.locator('[data-format="cda"]').waitFor();
    await screenshot(page, 'exchange-menu-fr-light-1280');
    await page.keyboard.press('Escape');

    const hl7 = await exportAs(page, 'hl7');
    expect(hl7.name).toBe(`${record.number}-V1-HL7.hl7`);
    expect(hl7.text.startsWith('MSH|^~\\&|SIL|')).toBe(true);
    expect(hl7.text).toContain('|NM|2345-7^Glucose');
    await waitForToast(page, `Résultats exportés : ${hl7.name}`);

    const cda = await exportAs(page, 'cda');
    expect(cda.name).toBe(`${record.number}-V1-CDA.xml`);
    expect(cda.text).toContain('<code code="11502-2"');
    expect(cda.text).toContain('code="2345-7"');
    await page.context().close();
  });

  it('checks the LOINC code typed in the parameter form', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab', '/fr/form/parameters');
    const field = (name: string) => page.locator(`[data-field="${name}"]`).first();
    await field('parameter_name').fill(`Sodium ${stamp}`);
    await field('parameter_loinc').fill('2951-3');
    await page.locator('[data-action="save"]').click();
    await page.getByText('Code LOINC invalide (chiffres, tiret, clé de contrôle : 2345-7)').waitFor();
    await screenshot(page, 'exchange-parameter-loinc-fr-light-1280');
    await field('parameter_loinc').fill('2951-2');
    await page.locator('[data-action="save"]').click();
    await page.waitForURL(/\/fr\/table\/parameters$/);
    await page.context().close();
  });

  it('reads in English and dark, and on a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, server.url, 'secretariat@demo.lab', '/en/');
    await toggleTheme(page);
    await page.goto(`${server.url}/en/preview-record/${record.id}`);
    await menu(page).waitFor();
    expect(await menu(page).innerText()).toBe('Export results');
    await page.setViewportSize({ width: 375, height: 812 });
    await menu(page).scrollIntoViewIfNeeded();
    await menu(page).click();
    await page.locator('[data-format="fhir"]').waitFor();
    await screenshot(page, 'exchange-menu-en-dark-375');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-format="fhir"]').click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${record.number}-V1-FHIR.json`);
    const bundle = JSON.parse(readFileSync(await file.path(), 'utf8'));
    expect(bundle.resourceType).toBe('Bundle');
    await page.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(page);
    await page.context().close();
  });

  it('lets the administrator set where results are sent and a prescriber of its own, kept after a reload', async () => {
    const prescriber = idOf(
      await send(
        server.url,
        'POST',
        '/api/add-prescriber',
        { prescriber_title: 'Dr', prescriber_surname: `BERNARD${stamp}`, prescriber_name: 'Anne' },
        admin,
      ),
      'prescriber_id',
    );
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab', '/fr/information');
    const card = page.locator('[data-testid="exchange-destination"]');
    const choose = async (field: ReturnType<Page['locator']>, option: string) => {
      await field.click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await card.locator('[data-field="exchange_format"]').waitFor();
    expect(await card.locator('[data-field="exchange_format"]').inputValue()).toBe('Aucun envoi automatique');
    await choose(card.locator('[data-field="exchange_format"]'), 'HL7 v2.5 ORU');
    await card.getByText('Adresse web', { exact: true }).first().click();
    await card.locator('[data-field="exchange_url"]').fill('ftp://resultats.example.fr/hl7');
    await card.locator('[data-action="add-exchange-prescriber"]').click();
    const row = card.locator('[data-row="exchange-prescriber"]');
    await choose(row.locator('[data-field="exchange_prescriber_format"]'), 'FHIR R4 (JSON)');
    await card.locator('[data-action="save-exchange-destination"]').click();
    await expect.poll(() => card.innerText()).toContain('Adresse invalide');
    expect(await card.innerText()).toContain('Choisissez un prescripteur.');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'exchange-destination-fr-light-1280-invalid');

    await card.locator('[data-field="exchange_url"]').fill('https://resultats.example.fr/hl7');
    await row.locator('[data-field="exchange_prescriber"]').fill(`BERNARD${stamp}`);
    await page.getByRole('option', { name: `BERNARD${stamp}`, exact: true }).click();
    await card.locator('[data-action="save-exchange-destination"]').click();
    await waitForToast(page, 'Destination des résultats enregistrée');
    expect(await send(server.url, 'GET', '/api/get-exchange-destination', undefined, admin)).toMatchObject({
      exchange_format: 'hl7',
      exchange_url: 'https://resultats.example.fr/hl7',
      exchange_prescribers: [{ prescriber_id: prescriber, exchange_format: 'fhir', exchange_url: null }],
    });

    await page.reload();
    await card.locator('[data-field="exchange_url"]').waitFor();
    expect(await card.locator('[data-field="exchange_format"]').inputValue()).toBe('HL7 v2.5 ORU');
    expect(await card.locator('[data-field="exchange_url"]').inputValue()).toBe(
      'https://resultats.example.fr/hl7',
    );
    expect(await row.locator('[data-field="exchange_prescriber"]').inputValue()).toBe(
      `Dr BERNARD${stamp} Anne`,
    );
    expect(await row.locator('[data-field="exchange_prescriber_format"]').inputValue()).toBe(
      'FHIR R4 (JSON)',
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'exchange-destination-fr-light-1280');
    await toggleTheme(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'exchange-destination-fr-dark-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(page);
    await page.context().close();

    const english = await newPage(browser, { locale: 'en-GB', viewport: { width: 375, height: 812 } });
    await signIn(english, server.url, 'admin@demo.lab', '/en/information');
    const form = english.locator('[data-testid="exchange-destination"]');
    await form.locator('[data-field="exchange_url"]').waitFor();
    expect(await form.locator('[data-field="exchange_format"]').inputValue()).toBe('HL7 v2.5 ORU');
    expect(await form.innerText()).toContain("Prescribers' destinations");
    await form.scrollIntoViewIfNeeded();
    await screenshot(english, 'exchange-destination-en-light-375');
    await english.context().close();

    // A reader without the administration right sees the destinations in words, without a form.
    const reader = await newPage(browser, { locale: 'en-GB', viewport: { width: 375, height: 812 } });
    await signIn(reader, server.url, 'secretariat@demo.lab', '/en/');
    await reader.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(reader);
    await reader.setViewportSize({ width: 375, height: 812 });
    await reader.goto(`${server.url}/en/information`);
    const summary = reader.locator('[data-testid="exchange-destination"]');
    await expect.poll(() => summary.innerText()).toContain('https://resultats.example.fr/hl7');
    expect(await summary.innerText()).toContain(`Dr BERNARD${stamp} Anne: FHIR R4 (JSON) → File drop`);
    expect(await summary.locator('[data-action="save-exchange-destination"]').count()).toBe(0);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(reader, 'exchange-destination-en-dark-375-read-only');
    await reader.setViewportSize({ width: 1280, height: 800 });
    await toggleTheme(reader);
    await reader.context().close();
  });
});
