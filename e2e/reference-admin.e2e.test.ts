import { type Browser, errors, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import {
  DEMO_PASSWORD,
  fillLogin,
  launchBrowser,
  menuIds,
  newPage,
  openFilters,
  screenshot,
} from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * An administrator imports the NABM nomenclature, configures a clinic, a collector and a prescriber,
 * and manages users and their rights; a clinic user reads collectors and prescribers, nothing more.
 */
const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Three acts in the layout of the national table (IR_BIO_R), fewer columns than the full file;
 * acts the demo laboratory does not bill yet, so that the import adds them.
 */
const NABM_CSV = [
  'BIO_PRS_IDE;BIO_INF_LIB;BIO_CRE_DAT;BIO_SUP_DAT;BIO_ARB_CHA;BIO_TAR_NAT;BIO_TAR_COF',
  '1806;ALBUMINE;10DEC2003:00:00:00;;12;B;6.00',
  '1132;CALCITONINE;01JUL1999:00:00:00;;12;B;70.00',
  '1135;17-OH-PROGESTERONE;01JUL1999:00:00:00;;10;B;70.00',
].join('\n');

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).first();
const dialog = (page: Page) => page.getByRole('dialog');

/**
 * Picks a choice of a Mantine Select by typing part of its label when it is searchable. Opened
 * again when its list is gone: a table refreshed under it (a row just saved) can close it.
 */
async function choose(page: Page, input: Locator, label: string): Promise<void> {
  const option = page.getByRole('option', { name: label, exact: true });
  for (let attempt = 1; ; attempt++) {
    await input.click();
    if (await input.isEditable()) await input.fill(label);
    try {
      await option.click({ timeout: 10_000 });
      return;
    } catch (error) {
      if (!(error instanceof errors.TimeoutError) || attempt === 3) throw error;
      await screenshot(page, `choose-missed-${label}-${attempt}`);
    }
  }
}

async function chooseNabmFile(page: Page, csv: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('[data-action="import"]').click(),
  ]);
  await chooser.setFiles({ name: 'IR_BIO_R.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

async function importNabms(page: Page): Promise<Record<string, string>> {
  await chooseNabmFile(page, NABM_CSV);
  const counts = dialog(page).locator('[data-import-count]');
  await counts.first().waitFor();
  const entries = await counts.evaluateAll((elements) =>
    elements.map((element) => [element.getAttribute('data-import-count') ?? '', element.textContent ?? '']),
  );
  return Object.fromEntries(entries);
}

/** How many acts the demo laboratory holds, through the API. */
async function nabmCount(): Promise<number> {
  const headers = await apiLogin(baseUrl, 'admin@demo.lab');
  const answer = await fetch(`${baseUrl}/api/get-nabms?number_of_records=1&page_number=1`, { headers });
  return ((await answer.json()) as { number_of_rows: number }).number_of_rows;
}

async function saveForm(page: Page): Promise<void> {
  await page.locator('[data-action="save"]').click();
  await page.locator('[data-testid="entity-form"]').waitFor({ state: 'detached' });
}

describe('NABM import', () => {
  it('imports the national table, reports what changed, and finds an imported act', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/table/nabms');
    await page.locator('[data-testid="row-count"]').waitFor();

    // The file is the whole national table: the demo's acts it does not hold are retired, not deleted.
    const held = await nabmCount();
    expect(await importNabms(page)).toEqual({
      added: '3',
      changed: '0',
      retired: String(held),
      unchanged: '0',
    });
    await dialog(page).getByText('3 actes dans le fichier').waitFor();
    await screenshot(page, 'reference-nabm-import-fr-light');
    // The report's own button, after the dialog's named close button in the header.
    await dialog(page).getByRole('button', { name: 'Fermer' }).last().click();
    await dialog(page).waitFor({ state: 'detached' });

    expect(await importNabms(page)).toEqual({ added: '0', changed: '0', retired: '0', unchanged: '3' });
    await dialog(page).getByRole('button', { name: 'Fermer' }).last().click();
    await dialog(page).waitFor({ state: 'detached' });

    // A file the national layout does not fit: refused with the reason, nothing imported.
    const rowCount = await page.locator('[data-testid="row-count"]').textContent();
    await chooseNabmFile(page, 'BIO_PRS_IDE;BIO_INF_LIB\n1104;HEMOGRAMME\n');
    await page
      .locator('.mantine-Notification-root', { hasText: 'Le fichier ne peut pas être importé' })
      .waitFor();
    expect(await page.locator('[data-testid="row-count"]').textContent()).toBe(rowCount);

    await page.locator('[data-testid="table-search"]').fill('1132');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const act = page.locator('tbody tr', { hasText: 'CALCITONINE' });
    await act.locator('td').nth(1).click();
    await expect.poll(() => field(page, 'nabm_wording').inputValue()).toBe('CALCITONINE');
    expect(await field(page, 'nabm_coef_b').inputValue()).toBe('70');
    await page.context().close();
  });
});

describe('clinics, collectors and prescribers', () => {
  it('creates a clinic, its collector and a prescriber, edits one and deletes one', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab');

    // A clinic, visible: only visible clinics are listed.
    await page.goto(`${baseUrl}/fr/table/clinics`);
    await page.locator('[data-action="add"]').click();
    await field(page, 'clinic_name').fill('Clinique du Parc E2E');
    await field(page, 'clinic_code').fill('PARC-E2E');
    await dialog(page).getByLabel('Téléphone · numéro').fill('01 45 67 89 10');
    await saveForm(page);
    const clinic = page.locator('tbody tr', { hasText: 'Clinique du Parc E2E' });
    await clinic.waitFor();
    expect(await clinic.innerText()).toContain('+33145678910');

    // Edit it: a new number, joined again with its country code.
    await clinic.locator('td').nth(1).click();
    await expect.poll(() => dialog(page).getByLabel('Téléphone · numéro').inputValue()).toBe('145678910');
    await dialog(page).getByLabel('Téléphone · numéro').fill('01 45 67 89 11');
    await saveForm(page);
    await expect.poll(() => clinic.innerText()).toContain('+33145678911');

    // The country code comes from the ISO list, found by a country's name; none chosen is said.
    await clinic.locator('td').nth(1).click();
    const code = dialog(page).getByLabel('Téléphone · indicatif');
    await code.fill('reunion');
    await page.getByRole('option', { name: /^\+262 · La Réunion/ }).click();
    // Closed, the select shows the code alone, which fits its width; the list named the countries.
    expect(await code.inputValue()).toBe('+262');
    expect(await code.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(
      true,
    );
    await dialog(page).getByLabel('Effacer l’indicatif').click();
    await dialog(page).getByText('Pays non sélectionné').waitFor();
    await code.fill('262');
    await page.getByRole('option', { name: /^\+262 · / }).click();
    await saveForm(page);
    await expect.poll(() => clinic.innerText()).toContain('+262145678911');

    // A clinic hidden from the start: listed only when the filter asks for hidden ones.
    await page.locator('[data-action="add"]').click();
    await field(page, 'clinic_name').fill('Clinique fermée E2E');
    await field(page, 'clinic_code').fill('FERMEE-E2E');
    expect(await field(page, 'clinic_visible').isChecked()).toBe(true);
    await field(page, 'clinic_visible').uncheck({ force: true });
    await saveForm(page);
    await page.getByText('Ajouté', { exact: true }).first().waitFor();
    expect(await page.locator('tbody tr', { hasText: 'Clinique fermée E2E' }).count()).toBe(0);
    await openFilters(page);
    await choose(page, page.locator('[data-filter="clinic_visible"]'), 'Non');
    await page.locator('tbody tr', { hasText: 'Clinique fermée E2E' }).waitFor();
    expect(await page.locator('tbody tr', { hasText: 'Clinique du Parc E2E' }).count()).toBe(0);

    // A collector of that clinic; the hidden clinic is not offered.
    await page.goto(`${baseUrl}/fr/table/collectors`);
    await page.locator('[data-action="add"]').click();
    await field(page, 'collector_surname').fill('Infirmière E2E');
    await field(page, 'collector_name').fill('Nadia');
    await field(page, 'collector_owner').fill('Clinique');
    await page.getByRole('option', { name: 'Clinique du Parc E2E' }).waitFor();
    expect(await page.getByRole('option', { name: 'Clinique fermée E2E' }).count()).toBe(0);
    await choose(page, field(page, 'collector_owner'), 'Clinique du Parc E2E');
    await saveForm(page);
    const collector = page.locator('tbody tr', { hasText: 'Infirmière E2E' });
    await collector.waitFor();
    expect(await collector.innerText()).toContain('Clinique du Parc E2E');

    // A prescriber: the RPPS check digit is verified as it is typed.
    await page.goto(`${baseUrl}/fr/table/prescribers`);
    await page.locator('[data-action="add"]').click();
    await choose(page, field(page, 'prescriber_title'), 'Dr');
    await choose(page, field(page, 'prescriber_specialty'), '1 · Médecine générale');
    await field(page, 'prescriber_surname').fill('Garnier E2E');
    await field(page, 'prescriber_name').fill('Paul');
    await field(page, 'prescriber_rpps').fill('10987654324');
    await dialog(page).getByText('Numéro RPPS invalide (11 chiffres avec sa clé)').waitFor();
    await field(page, 'prescriber_rpps').fill('10987654323');
    await dialog(page).getByText('Numéro RPPS invalide').waitFor({ state: 'detached' });
    await field(page, 'prescriber_adeli').fill('75123');
    await dialog(page).getByText('Numéro ADELI invalide (9 chiffres)').waitFor();
    await field(page, 'prescriber_adeli').fill('');
    await dialog(page).getByText('Numéro ADELI invalide').waitFor({ state: 'detached' });
    await dialog(page).getByLabel('Téléphone · numéro').fill('06 12 34 56 78');
    await saveForm(page);
    const prescriber = page.locator('tbody tr', { hasText: 'Garnier E2E' });
    await prescriber.waitFor();
    const prescriberText = await prescriber.innerText();
    expect(prescriberText).toContain('10987654323');
    expect(prescriberText).toContain('1 · Médecine générale');
    expect(prescriberText).toContain('+33612345678');

    // Delete the collector, after confirming.
    await page.goto(`${baseUrl}/fr/table/collectors`);
    await collector.getByRole('checkbox').check();
    await page.locator('[data-action="delete"]').click();
    await page.getByRole('dialog').getByText('Infirmière E2E').waitFor();
    await page.locator('[data-testid="confirm-delete"]').click();
    await collector.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('users', () => {
  it('edits rights, explains locked ones, and creates a user whose menu follows the rights', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/table/users');
    const row = page.locator('tbody tr', { hasText: 'technicien@demo.lab' });
    await row.waitFor();
    expect(await row.innerText()).toContain('11 domaines');
    await screenshot(page, 'reference-users-fr-light');

    // Raise the technician's clinics level from none to read.
    await row.locator('td').nth(1).click();
    const rights = dialog(page);
    await rights.getByText('technicien@demo.lab').waitFor();
    await screenshot(page, 'reference-rights-fr-light');
    await choose(page, rights.getByLabel('Cliniques', { exact: true }), 'Lecture');
    await rights.locator('[data-action="save"]').click();
    await rights.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('12 domaines');
    // Back as it was: other journeys check the technician's menu.
    await row.locator('td').nth(1).click();
    await choose(page, rights.getByLabel('Cliniques', { exact: true }), 'Aucun droit');
    await rights.locator('[data-action="save"]').click();
    await rights.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('11 domaines');

    // A clinic user's rights come from their account type: locked, and the form says why.
    await page.locator('tbody tr', { hasText: 'clinique@demo.lab' }).locator('td').nth(1).click();
    await rights.locator('[data-testid="rights-locked"]').waitFor();
    expect(await rights.locator('[data-testid="rights-locked"]').innerText()).toContain(
      'découlent de leur type de compte',
    );
    expect(await rights.getByLabel('Cliniques', { exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'reference-rights-locked-fr-light');
    await rights.getByRole('button', { name: 'Annuler' }).click();
    await rights.waitFor({ state: 'detached' });

    // A new internal user, with a password, reading matrices and machines only.
    await page.locator('[data-action="add"]').click();
    const form = dialog(page);
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Hugo Blanc E2E');
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('hugo.e2e@demo.lab');
    await form.getByLabel('Mobile · numéro').fill('06 11 22 33 44');
    await form.getByLabel('Mot de passe initial').fill(DEMO_PASSWORD);
    await choose(page, form.getByLabel('Matrices', { exact: true }), 'Lecture');
    await choose(page, form.getByLabel('Automates', { exact: true }), 'Lecture et modification');
    await screenshot(page, 'reference-new-user-fr-light');
    await form.locator('[data-action="save"]').click();
    await form.waitFor({ state: 'detached' });
    const created = page.locator('tbody tr', { hasText: 'hugo.e2e@demo.lab' });
    await created.waitFor();
    expect(await created.innerText()).toContain('2 domaines');
    await page.context().close();

    const fresh = await newPage(browser);
    await fresh.goto(`${baseUrl}/fr/`);
    await fillLogin(fresh, 'hugo.e2e@demo.lab', DEMO_PASSWORD);
    await fresh.waitForURL(`${baseUrl}/fr/dashboard`);
    await fresh.locator('nav').first().hover();
    // Reference tables sit in the 'settings' dropdown: open it before reading its items.
    await fresh.locator('[data-menu-id="settings"]').click();
    await fresh.locator('[data-menu-id="matrices"]').waitFor();
    const ids = await menuIds(fresh);
    expect(ids).toEqual(expect.arrayContaining(['matrices', 'machines']));
    for (const absent of ['families', 'analyses', 'nabms', 'users', 'clinics', 'prescribers', 'records']) {
      expect(ids, absent).not.toContain(absent);
    }
    await fresh.goto(`${baseUrl}/fr/table/machines`);
    await fresh.locator('[data-action="add"]').waitFor();
    expect(await fresh.locator('[data-action="delete"]').count()).toBe(0);
    await fresh.context().close();
  });
  it('creates clinic and prescriber accounts, and disables an account', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/table/users');
    await page.locator('tbody tr').first().waitFor();

    // A billing account of the demo clinic; the clinic is asked for before anything is sent.
    await page.locator('[data-action="add"]').click();
    const form = dialog(page);
    await form.getByText('Externe', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Comptabilité Lilas E2E');
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('compta.lilas.e2e@demo.lab');
    await form.getByLabel('Mot de passe initial').fill(DEMO_PASSWORD);
    await form.locator('[data-action="save"]').click();
    await form.getByText('Ce champ est obligatoire').waitFor();
    await choose(page, form.getByRole('combobox', { name: 'Clinique', exact: true }), 'Clinique des Lilas');
    await choose(page, form.getByRole('combobox', { name: 'Type de compte' }), 'Utilisateur facturation');
    await form.locator('[data-action="save"]').click();
    await form.waitFor({ state: 'detached' });
    const external = page.locator('tbody tr', { hasText: 'compta.lilas.e2e@demo.lab' });
    await external.waitFor();
    expect(await external.innerText()).toContain('Externe · Utilisateur facturation');

    // An account for the prescriber made earlier, invited by e-mail (no password).
    await page.locator('[data-action="add"]').click();
    await form.getByText('Prescripteur', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Dr Paul Garnier E2E');
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('garnier.e2e@demo.lab');
    await choose(page, form.getByRole('combobox', { name: 'Prescripteur', exact: true }), 'Garnier E2E');
    await form.locator('[data-action="save"]').click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Une invitation a été envoyée par e-mail').waitFor();
    const prescriber = page.locator('tbody tr', { hasText: 'garnier.e2e@demo.lab' });
    await prescriber.waitFor();
    expect(await prescriber.innerText()).toContain('Prescripteur');

    // Disabled: the list says so, and the account no longer logs in.
    await external.locator('td').nth(1).click();
    await dialog(page).locator('[data-testid="rights-locked"]').waitFor();
    await dialog(page).getByRole('switch', { name: 'Compte désactivé' }).check({ force: true });
    await dialog(page).locator('[data-action="save"]').click();
    await dialog(page).waitFor({ state: 'detached' });
    // textContent: the badge shows its word in capitals.
    await expect.poll(() => external.textContent()).toContain('Désactivé');
    await page.context().close();

    const refused = await newPage(browser);
    await refused.goto(`${baseUrl}/fr/`);
    await fillLogin(refused, 'compta.lilas.e2e@demo.lab', DEMO_PASSWORD);
    // The login page says the refusal under its form (decision 0028).
    await refused.locator('[data-testid="login-error"]').waitFor();
    expect(new URL(refused.url()).pathname).toBe('/fr/');
    await refused.context().close();
  });
});

describe('clinic user', () => {
  it('reads the collectors of the clinic and the prescribers, without add, edit or delete', async () => {
    // A collector of the demo clinic, made directly: the clinic user sees it and nothing else.
    const headers = await apiLogin(baseUrl, 'admin@demo.lab');
    const clinics = await fetch(`${baseUrl}/api/get-clinics?search=Lilas`, { headers }).then((r) => r.json());
    const lilas = (clinics as { data: Array<{ clinic_id: string }> }).data[0]?.clinic_id;
    expect(lilas).toBeTruthy();
    await send(
      baseUrl,
      'POST',
      '/api/add-collector',
      { collector_surname: 'Préleveur Lilas E2E', collector_name: 'Zoé', collector_owner: lilas },
      headers,
    );

    const page = await newPage(browser);
    await signIn(page, baseUrl, 'clinique@demo.lab');
    for (const [table, name] of [
      ['collectors', 'Préleveur Lilas E2E'],
      ['prescribers', 'Garnier E2E'],
    ] as const) {
      await page.goto(`${baseUrl}/fr/table/${table}`);
      await page.locator('tbody tr', { hasText: name }).waitFor();
      expect(await page.locator('[data-action="add"]').count(), table).toBe(0);
      expect(await page.locator('[data-action="delete"]').count(), table).toBe(0);
      expect(await page.getByRole('button', { name: 'Exporter' }).count(), table).toBe(0);
      await page.locator('tbody tr', { hasText: name }).locator('td').nth(1).click();
      await page.waitForTimeout(300);
      expect(await page.locator('[data-testid="entity-form"]').count(), table).toBe(0);
    }
    // Only the collectors of the user's own clinic.
    await page.goto(`${baseUrl}/fr/table/collectors`);
    await page.locator('tbody tr', { hasText: 'Préleveur Lilas E2E' }).waitFor();
    expect(await page.locator('tbody tr', { hasText: 'Infirmière E2E' }).count()).toBe(0);
    // The user cannot read the clinics table: no column of dashes standing for their own clinic.
    expect(await page.locator('thead th').allInnerTexts()).not.toContain('Clinique');
    await screenshot(page, 'reference-collectors-clinic-user');
    await page.context().close();
  });
});

describe('appearance of the administration screens', () => {
  const variants = [
    {
      name: 'en-dark',
      locale: 'en',
      browserLocale: 'en-GB',
      theme: 'dark',
      viewport: { width: 1280, height: 800 },
    },
    {
      name: 'mobile',
      locale: 'fr',
      browserLocale: 'fr-FR',
      theme: 'light',
      viewport: { width: 375, height: 800 },
    },
  ] as const;
  for (const variant of variants) {
    it(`shows the users page, the rights form and the import report (${variant.name})`, async () => {
      const page = await newPage(browser, { locale: variant.browserLocale, viewport: variant.viewport });
      await signIn(page, baseUrl, 'admin@demo.lab', `/${variant.locale}/`);
      // This browser only: the administrator's saved theme stays as other journeys expect.
      await page.evaluate((theme) => localStorage.setItem('theme', theme), variant.theme);
      await page.goto(`${baseUrl}/${variant.locale}/table/users`);
      const row = page.locator('[data-row-id]', { hasText: 'technicien@demo.lab' });
      await row.waitFor();
      await screenshot(page, `reference-users-${variant.name}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await (variant.name === 'mobile' ? row.locator('button').first() : row.locator('td').nth(1)).click();
      await dialog(page).getByText('technicien@demo.lab').waitFor();
      await screenshot(page, `reference-rights-${variant.name}`);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });

      await page.goto(`${baseUrl}/${variant.locale}/table/nabms`);
      await page.locator('[data-row-id]').first().waitFor();
      expect(await importNabms(page)).toMatchObject({ unchanged: '3' });
      await screenshot(page, `reference-nabm-import-${variant.name}`);
      await page.context().close();
    });
  }
});
