import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api.js';
import { launchBrowser, newPage, openFilters, screenshot, toastTexts, toggleTheme } from './browser.js';
import { choose, setUpCatalogue } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * Dates and numbers are typed and read in the screen's language, whatever the browser's: each
 * screen is opened from a browser set to the other language.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const SURNAME = `DATES${stamp}`;
const ANALYSIS = `Ferritine ${stamp}`;
// The screenshots switch this user's theme and put it back, as the screenshots journey does.
const PICTURES_USER = 'biologiste@demo.lab';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(baseUrl, 'admin@demo.lab');
  await setUpCatalogue(baseUrl, admin, stamp, [ANALYSIS]);
});

afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);

/** 'Suivant' until the step named is shown (steps with nothing to fill are passed on the way). */
async function goToStep(page: Page, step: string): Promise<void> {
  for (let clicks = 0; clicks < 20; clicks += 1) {
    if (await page.locator(`[data-step="${step}"]`).isVisible()) return;
    await page.locator('[data-action="next"]').click();
  }
  throw new Error(`The wizard never reached the step '${step}'`);
}

/** The wizard opened on a new patient's identity. */
async function newRecord(page: Page, locale: 'fr' | 'en'): Promise<void> {
  await page.goto(`${baseUrl}/${locale}/form/records`);
  await page.locator('[data-action="new-record"]').click();
  await page.locator('[data-step="patient"]').waitFor();
  await page.locator('[data-action="skip"]').click();
  await page.locator('[data-step="identity"]').waitFor();
}

/** The date field's text after typing `keys` one by one into it, emptied first. */
async function typeDate(page: Page, name: string, keys: string): Promise<string> {
  const input = field(page, name);
  await input.fill('');
  await input.pressSequentially(keys);
  return input.inputValue();
}

let recordUrl = '';

describe('dates typed and read in the screen language', () => {
  it('on the French screen of an English browser in New York: DDMMYYYY typed reads 14/03/1985, 08:15 reads 08:15', async () => {
    const page = await newPage(browser, { locale: 'en-US', timezoneId: 'America/New_York' });
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/');
    await newRecord(page, 'fr');
    await field(page, 'patient_surname').fill(SURNAME);
    await field(page, 'patient_name').fill('Lucie');
    await choose(page, 'patient_gender', 'Féminin');

    // A day that does not exist is said at once, under the field.
    expect(await typeDate(page, 'patient_dob', '31022020')).toBe('31/02/2020');
    await page.locator('[data-date-problem="impossible"]').waitFor();
    await page.getByText("Cette date n'existe pas").waitFor();
    await screenshot(page, 'date-impossible-fr-light');
    expect(await typeDate(page, 'patient_dob', '14031985')).toBe('14/03/1985');
    await page.locator('[data-date-problem]').waitFor({ state: 'detached' });
    // Typed with its slashes, the same day.
    expect(await typeDate(page, 'patient_dob', '14/03/1985')).toBe('14/03/1985');

    await goToStep(page, 'collection');
    expect(await typeDate(page, 'record_prescription_date', '15012026')).toBe('15/01/2026');
    // A date-time: the day typed the same way, the time in a 24-hour field, not the browser's input.
    expect(await typeDate(page, 'record_collection_datetime', '23112026')).toBe('23/11/2026');
    expect(await page.locator('input[type="datetime-local"]').count()).toBe(0);
    await page.getByLabel('Heures').first().pressSequentially('08');
    await page.getByLabel('Minutes').first().pressSequentially('15');

    await goToStep(page, 'analyses');
    await field(page, 'record_selected_analyses').click();
    await page.keyboard.type(ANALYSIS.slice(0, 9));
    await page.getByRole('option', { name: new RegExp(ANALYSIS) }).click();
    await page.keyboard.press('Escape');
    await goToStep(page, 'summary');
    const summary = page.getByTestId('record-summary');
    await summary.getByText(SURNAME).first().waitFor();
    const summaryText = await summary.innerText();
    expect(summaryText).toContain('14/03/1985');
    expect(summaryText).toContain('15/01/2026');
    expect(summaryText).toContain('23/11/2026');
    expect(summaryText).toContain('08:15');
    expect(summaryText).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-testid="record-created"]').waitFor();
    await page.locator('[data-action="open-record"]').click();
    await page.locator('[data-testid="samples"]').waitFor();
    recordUrl = page.url();
    const recordText = await page.locator('main').innerText();
    expect(recordText).toContain('14/03/1985');
    expect(recordText).toContain('15/01/2026');
    expect(recordText).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Typed on the laboratory's clock, shown on it: the workstation's own zone changes neither.
    expect(recordText).toContain('23/11/2026 08:15');
    await screenshot(page, 'dates-record-fr-light');

    // The API got the contract's dates.
    const recordId = new URL(recordUrl).pathname.split('/').pop() ?? '';
    const answer = await fetch(`${baseUrl}/api/get-record?record_id=${recordId}`, { headers: admin });
    const [record] = (await answer.json()) as Array<{
      record_collection_datetime: string;
      record_prescription_date: string;
      patient: { patient_dob: string };
    }>;
    expect(record?.patient.patient_dob).toBe('1985-03-14');
    expect(record?.record_prescription_date).toBe('2026-01-15');
    // 08:15 in Paris in November is 07:15 UTC, whatever zone the browser is set to.
    expect(record?.record_collection_datetime).toBe('2026-11-23T07:15:00.000Z');
    await page.context().close();
  });

  it('on the English screen of a French browser: the same convention, English month names', async () => {
    const page = await newPage(browser, { locale: 'fr-FR' });
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/en/');
    await newRecord(page, 'en');
    expect(await field(page, 'patient_dob').getAttribute('placeholder')).toBe('DD/MM/YYYY');
    expect(await typeDate(page, 'patient_dob', '14031985')).toBe('14/03/1985');
    expect(await typeDate(page, 'patient_dob', '29022023')).toBe('29/02/2023');
    await page.getByText('This date does not exist').waitFor();
    expect(await typeDate(page, 'patient_dob', '29022024')).toBe('29/02/2024');
    await page.locator('[data-step="identity"] [data-action="open-date-picker"]').first().click();
    const picker = page.getByTestId('date-picker');
    await picker.getByText('February 2024').waitFor();
    await picker.getByLabel('14 February 2024').click();
    expect(await field(page, 'patient_dob').inputValue()).toBe('14/02/2024');

    // The record made on the French screen, read on the English one.
    await page.goto(recordUrl.replace('/fr/', '/en/'));
    await page.locator('[data-testid="samples"]').waitFor();
    const recordText = await page.locator('main').innerText();
    expect(recordText).toContain('14/03/1985');
    expect(recordText).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(recordText).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await screenshot(page, 'dates-record-en-light');

    // The records table filters on days typed the same way, and lists them in the same words.
    await page.goto(`${baseUrl}/en/table/records`);
    await page.locator('[data-testid="table-search"]').fill(SURNAME);
    await openFilters(page);
    const filterFrom = page.locator('[data-filter="filter_date_from"]');
    await filterFrom.pressSequentially('01012026');
    expect(await filterFrom.inputValue()).toBe('01/01/2026');
    const row = page.locator('tbody tr', { hasText: SURNAME });
    await row.waitFor();
    expect(await row.innerText()).toContain('14/03/1985');
    await screenshot(page, 'dates-records-table-en-light');
    await filterFrom.fill('');
    await filterFrom.pressSequentially('01012099');
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('numbers typed and read with the decimal mark of the screen', () => {
  const code = stamp.slice(-4);

  it('a coefficient typed 3,5 on the French screen is saved as 3.5 and shown 3,5, and 3.5 in English', async () => {
    const page = await newPage(browser, { locale: 'en-US' });
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/table/nabms');
    await page.locator('[data-action="add"]').click();
    await field(page, 'nabm_code').fill(code);
    await field(page, 'nabm_wording').fill(`Acte décimal ${stamp}`);
    // Pasted from a file with a point, it is the same decimal, not the digits 075.
    await field(page, 'nabm_coef_b').fill('0.75');
    expect(await field(page, 'nabm_coef_b').inputValue()).toBe('0,75');
    await field(page, 'nabm_coef_b').fill('');
    await field(page, 'nabm_coef_b').pressSequentially('3,5');
    expect(await field(page, 'nabm_coef_b').inputValue()).toBe('3,5');
    await field(page, 'nabm_last_eeet_date').pressSequentially('01022026');
    await screenshot(page, 'dates-nabm-form-fr-light');
    // The calendar opens over the form's window and picks a day of the month shown.
    const creation = page.locator('[data-field="nabm_creation_date"]');
    await creation.locator('xpath=..').locator('[data-action="open-date-picker"]').click();
    const picker = page.getByTestId('date-picker');
    await picker.waitFor();
    await screenshot(page, 'dates-nabm-picker-fr-light');
    await picker.locator('button[aria-label^="15 "]').first().click();
    expect(await creation.inputValue()).toMatch(/^15\/\d{2}\/\d{4}$/);
    await page.locator('[data-action="save"]').click();
    await page.locator('[data-testid="entity-form"]').waitFor({ state: 'detached' });

    const answer = await fetch(`${baseUrl}/api/get-nabms?search=${code}`, { headers: admin });
    const { data } = (await answer.json()) as {
      data: Array<{ nabm_code: string; nabm_coef_b: number; nabm_last_eeet_date: string }>;
    };
    const saved = data.find((row) => row.nabm_code === code);
    expect(saved?.nabm_coef_b).toBe(3.5);
    expect(saved?.nabm_last_eeet_date).toBe('2026-02-01');

    await page.locator('[data-testid="table-search"]').fill(code);
    const row = page.locator('tbody tr', { hasText: `Acte décimal ${stamp}` });
    await row.waitFor();
    expect(await row.innerText()).toContain('3,5');
    await row.locator('td').nth(1).click();
    await expect.poll(() => field(page, 'nabm_coef_b').inputValue()).toBe('3,5');
    expect(await field(page, 'nabm_last_eeet_date').inputValue()).toBe('01/02/2026');
    await page.context().close();

    const english = await newPage(browser, { locale: 'fr-FR' });
    await signIn(english, baseUrl, 'admin@demo.lab', '/en/table/nabms');
    await english.locator('[data-testid="table-search"]').fill(code);
    const englishRow = english.locator('tbody tr', { hasText: `Acte décimal ${stamp}` });
    await englishRow.waitFor();
    expect(await englishRow.innerText()).toContain('3.5');
    await english.context().close();
  });
});

describe('screenshots of the date picker', () => {
  for (const locale of ['fr', 'en'] as const) {
    it(`${locale}: light and dark, 1280 and 375 px`, async () => {
      const page = await newPage(browser, { locale: locale === 'fr' ? 'en-US' : 'fr-FR' });
      await signIn(page, baseUrl, PICTURES_USER, `/${locale}/`);
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') {
          // The theme entry is in the desktop menu.
          await page.setViewportSize({ width: 1280, height: 800 });
          await toggleTheme(page);
        }
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
          await newRecord(page, locale);
          await typeDate(page, 'patient_dob', '14031985');
          await page.locator('[data-step="identity"] [data-action="open-date-picker"]').first().click();
          await page
            .getByTestId('date-picker')
            .getByText(locale === 'fr' ? 'mars 1985' : 'March 1985')
            .waitFor();
          await screenshot(page, `date-picker-${locale}-${theme}-${width}`);
          expect(await toastTexts(page)).toEqual([]);
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await toggleTheme(page);
      await page.context().close();
    });
  }
});
