import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot } from './browser.js';
import { idOf, setUpCatalogue } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * The record screen as the front desk checks it (issue 12): the ordered analyses by sample, the
 * prescriber, the collector, the clinic, the urgency and the report channels by name; a sample
 * opens the sample; the trace reads as sentences with the author's name, never identifiers.
 */
const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36).toUpperCase();
const NAMES = [`NFS ${stamp}`, `Glycémie ${stamp}`, `Ferritine ${stamp}`] as const;
const CLINIC = `Clinique du Port ${stamp}`;
const PRESCRIBER = { surname: `LEROY${stamp}`, first: 'Anne' };
const COLLECTOR = { surname: `GIRARD${stamp}`, first: 'Inès' };
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'test-results', 'screenshots');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let browser: Browser;
const record = { id: '', number: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await apiLogin(baseUrl, 'admin@demo.lab');
  const catalogue = await setUpCatalogue(baseUrl, admin, stamp, NAMES);
  const add = async (path: string, body: Record<string, unknown>, field: string) =>
    idOf(await send(baseUrl, 'POST', path, body, admin), field);
  const clinic = await add('/api/add-clinic', { clinic_name: CLINIC, clinic_code: `P${stamp}` }, 'clinic_id');
  const prescriber = await add(
    '/api/add-prescriber',
    { prescriber_surname: PRESCRIBER.surname, prescriber_name: PRESCRIBER.first },
    'prescriber_id',
  );
  const collector = await add(
    '/api/add-collector',
    { collector_surname: COLLECTOR.surname, collector_name: COLLECTOR.first, collector_owner: clinic },
    'collector_id',
  );
  const created = await send(
    baseUrl,
    'POST',
    '/api/add-patient',
    {
      patient_surname: `MOREL${stamp}`,
      patient_name: 'Lucie',
      patient_gender: 'F',
      patient_dob: '1975-09-30',
      record_prescription_date: '2026-11-20',
      record_prescriber: prescriber,
      record_collector: collector,
      record_owner: clinic,
      record_must_paper: true,
      record_must_online: true,
      record_must_fax: true,
      record_fax_number: '+33145678901',
      record_selected_analyses: [
        { combination: 1, analysis_ids: NAMES.map((name) => catalogue.get(name)?.id ?? '') },
      ],
    },
    admin,
  );
  record.id = idOf(created, 'record_id');
  record.number = idOf(created, 'record_number');
  // The front desk marks it urgent afterwards: the trace must say who did, in words.
  const secretary = await apiLogin(baseUrl, 'secretariat@demo.lab');
  const [current] = (await (
    await fetch(`${baseUrl}/api/get-record?record_id=${record.id}`, { headers: secretary })
  ).json()) as Array<{ record_last_updated: string }>;
  await send(
    baseUrl,
    'PUT',
    '/api/update-patient',
    { record_id: record.id, record_last_updated: current?.record_last_updated, record_is_urgent: true },
    secretary,
  );
});
afterAll(() => browser?.close());

async function openRecord(page: Page, locale: string) {
  await page.goto(`${baseUrl}/${locale}/preview-record/${record.id}`);
  await page.locator('[data-testid="sample-row"]').first().waitFor();
}

async function openTrace(page: Page) {
  await page.locator('[data-action="trace"]').click();
  await page.getByRole('dialog').locator('[data-testid="trace-entry"]').first().waitFor();
}

describe('the record screen', () => {
  it('shows what the front desk checks, opens a sample, and tells the trace in sentences', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab');
    await openRecord(page, 'fr');

    const details = page.locator('[data-testid="record-details"]');
    for (const shown of [
      `${PRESCRIBER.surname} ${PRESCRIBER.first}`,
      `${COLLECTOR.surname} ${COLLECTOR.first}`,
      CLINIC,
      'Urgent',
      'Fax, Papier, En ligne',
      '20/11/2026',
    ])
      await details.getByText(shown, { exact: true }).waitFor();

    // The analyses by sample: the NFS in the EDTA tube, the other two in the dry tube, all in blood.
    const rows = page.locator('[data-testid="sample-row"]');
    expect(await rows.count()).toBe(2);
    const edta = rows.filter({ hasText: `Tube EDTA ${stamp}` });
    await edta.getByText(`Sang ${stamp}`).waitFor();
    await edta.getByText(NAMES[0], { exact: true }).waitFor();
    const dry = rows.filter({ hasText: `Tube sec ${stamp}` });
    await dry.getByText(`${NAMES[1]}, ${NAMES[2]}`).waitFor();
    await dry.getByText('Enregistré').waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(UUID);

    // The trace: newest first, the front desk's change as a sentence with the name and the words.
    await openTrace(page);
    const trace = page.getByRole('dialog');
    await trace
      .locator('[data-testid="trace-entry"]')
      .first()
      .getByText(
        /^David Petit \(secrétariat\) a modifié Urgent de « Non » à « Oui » le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/,
      )
      .waitFor();
    await trace.getByText(`a créé le dossier ${record.number}`, { exact: false }).first().waitFor();
    const text = await trace.innerText();
    expect(text).not.toMatch(UUID);
    expect(text).not.toMatch(/[{}[\]"]/);
    await page.keyboard.press('Escape');

    // A sample row opens the sample: the samples table searched on its number, that row alone.
    const number = (await edta.locator('td').first().innerText()).trim();
    await edta.locator('td').nth(1).click();
    await page.waitForURL((url) => url.pathname === '/fr/table/techniques');
    await expect.poll(() => page.locator('[data-testid="table-search"]').inputValue()).toBe(number);
    await expect
      .poll(() => page.locator('tbody tr').allInnerTexts())
      .toEqual([expect.stringContaining(number)]);
    await screenshot(page, 'record-sample-opened-fr-light-1280');
    await page.context().close();
  });
});

describe('screenshots of the record screen and its trace', () => {
  const cases = [
    { locale: 'fr', theme: 'light', width: 1280 },
    { locale: 'en', theme: 'dark', width: 1280 },
    { locale: 'fr', theme: 'dark', width: 375 },
    { locale: 'en', theme: 'light', width: 375 },
  ] as const;
  for (const { locale, theme, width } of cases) {
    it(`${locale} ${theme} ${width} px`, async () => {
      const phone = width < 992;
      const page = await newPage(browser, {
        locale: locale === 'fr' ? 'fr-FR' : 'en-GB',
        viewport: { width, height: phone ? 740 : 900 },
        ...(phone ? { isMobile: true, hasTouch: true } : {}),
      });
      await signIn(page, baseUrl, 'admin@demo.lab', `/${locale}/`);
      // This browser's theme only: the user's saved preference stays as other journeys expect.
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await openRecord(page, locale);
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(theme);
      if (locale === 'en') {
        await page.locator('[data-testid="record-details"]').getByText('Fax, Paper, Online').waitFor();
      }
      // The analyses by sample show without a sideways scroll, on a phone as on a desk.
      await page.locator('[data-testid="samples"]').getByText(`${NAMES[1]}, ${NAMES[2]}`).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const name = `record-page-${locale}-${theme}-${width}`;
      await screenshot(page, name);
      // The whole screen as well: on a phone the samples sit below the fold.
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-full.png`), fullPage: true });
      await openTrace(page);
      const sentence =
        locale === 'fr'
          ? 'David Petit (secrétariat) a modifié Urgent de « Non » à « Oui »'
          : 'David Petit (secrétariat) changed Urgent from No to Yes';
      await page.getByRole('dialog').getByText(sentence, { exact: false }).first().waitFor();
      await screenshot(page, `record-trace-${locale}-${theme}-${width}`);
      await page.context().close();
    });
  }
});
