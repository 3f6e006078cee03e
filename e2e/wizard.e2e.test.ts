import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toastTexts, toggleTheme } from './browser.js';
import { choose, idOf } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

const baseUrl = sharedServerUrl();
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const tag = `W${stamp}`;
// Not a piece of the tag, which every analysis of this catalogue is named with: 'W' + the stamp's
// last three characters would be one whenever the stamp's fourth character from the end is a 'W'.
const NABM = `${stamp.at(-4) === 'W' ? 'X' : 'W'}${stamp.slice(-3)}`;
const FAMILY = `Biochimie ${tag}`;
const GLYCEMIE = `Glycémie ${tag}`;
const CREATININE = `Créatinine ${tag}`;
const HEMOGRAMME = `Hémogramme ${tag}`;
const HIDDEN = `Hémoglobine glyquée ${tag}`;
const SURNAME = `CONNU${stamp}`;
let patientId = '';

/** A catalogue with a family, a NABM act and four analyses, the last one hidden (internal). */
async function setUp(): Promise<void> {
  const matrix = idOf(
    await send(baseUrl, 'POST', '/api/add-matrix', { matrix_name: `Sang ${tag}` }, admin),
    'matrix_id',
  );
  const tube = idOf(
    await send(baseUrl, 'POST', '/api/add-sampletype', { sample_type_name: `Tube sec ${tag}` }, admin),
    'sample_type_id',
  );
  const family = idOf(
    await send(baseUrl, 'POST', '/api/add-family', { family_name: FAMILY }, admin),
    'family_id',
  );
  await send(baseUrl, 'POST', '/api/add-nabm', { nabm_code: NABM, nabm_wording: 'Hémogramme' }, admin);
  // An orderable analysis measures at least one parameter (issue 40): each its own.
  const measured = async (name: string) =>
    idOf(
      await send(baseUrl, 'POST', '/api/add-parameter', { parameter_name: `${name} (mesure)` }, admin),
      'parameter_id',
    );
  const add = async (name: string, extra: Record<string, unknown>) =>
    idOf(
      await send(
        baseUrl,
        'POST',
        '/api/add-analysis',
        {
          analysis_name: name,
          analysis_matrix: matrix,
          analysis_sample_type: tube,
          analysis_parameters: [await measured(name)],
          ...extra,
        },
        admin,
      ),
      'analysis_id',
    );
  const glycemie = await add(GLYCEMIE, { analysis_visible: true, analysis_family: family });
  await add(CREATININE, { analysis_visible: true, analysis_family: family });
  await add(HEMOGRAMME, { analysis_visible: true, analysis_nabm_codes: [NABM] });
  await add(HIDDEN, { analysis_visible: false });
  // The known patient, registered once before with one record.
  const answer = await send(
    baseUrl,
    'POST',
    '/api/add-patient',
    {
      patient_surname: SURNAME,
      patient_name: 'Paul',
      patient_gender: 'M',
      patient_dob: '1962-05-04',
      record_selected_analyses: [{ combination: 1, analysis_ids: [glycemie] }],
    },
    admin,
  );
  patientId = idOf(answer, 'patient_id');
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(baseUrl, 'admin@demo.lab');
  await setUp();
});

afterAll(async () => {
  await browser?.close();
});

/** Counts every mouse press in the page from now on (typing excluded), across the app's screens. */
async function countClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { clicks: number };
    counted.clicks = 0;
    document.addEventListener('mousedown', () => counted.clicks++, true);
  });
  return () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
}

/** The `data-field` (or test id, or action) of the element that has the focus. */
function focused(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return (
      element?.getAttribute('data-field') ??
      element?.getAttribute('data-testid') ??
      element?.getAttribute('data-action') ??
      null
    );
  });
}

async function waitForFocus(page: Page, name: string): Promise<void> {
  await expect.poll(() => focused(page), { timeout: 5000 }).toBe(name);
}

/** Picks an analysis by typing a search (no click) then clicking its option. */
async function pick(page: Page, typed: string, name: string): Promise<void> {
  await page.keyboard.type(typed);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

/** A new record from the init screen, the new patient's identity filled with the required fields. */
async function newPatientIdentity(page: Page, surname: string): Promise<void> {
  await page.goto(`${baseUrl}/fr/form/records`);
  await page.locator('[data-action="new-record"]').click();
  await page.locator('[data-action="skip"]').click();
  await page.locator('[data-step="identity"]').waitFor();
  await choose(page, 'patient_gender', 'Féminin');
  await page.locator('[data-field="patient_surname"]').fill(surname);
  await page.locator('[data-field="patient_name"]').fill('Anne');
  await page.locator('[data-field="patient_dob"]').fill('1990-03-14');
}

describe('the add-record wizard at the front desk', () => {
  it('registers a known patient’s record with three analyses in at most ten clicks', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/form/records');
    await page.locator('[data-action="new-record"]').waitFor();
    const clicks = await countClicks(page);

    await page.locator('[data-action="new-record"]').click();
    // The search is the step's first field: it has the focus, the name is typed at once.
    await waitForFocus(page, 'patient-search');
    await page.keyboard.type(SURNAME);
    await page.locator('[data-action="choose-patient"]').click();
    await page.locator('[data-testid="chosen-patient"]').waitFor();
    // The identity and details of a known patient are filled: one action leads to the analyses.
    await waitForFocus(page, 'to-analyses');
    await page.locator('[data-action="to-analyses"]').click();
    await page.locator('[data-step="analyses"]').waitFor();
    await waitForFocus(page, 'record_selected_analyses');
    // Found without accents or capitals.
    await pick(page, 'glycemie', GLYCEMIE);
    await pick(page, 'creat', CREATININE);
    await pick(page, 'hemo', HEMOGRAMME);
    await page.keyboard.press('Escape');
    await page.getByText('Combinaison 1 (3)').waitFor();
    await page.locator('[data-action="to-summary"]').click();
    await page.locator('[data-step="summary"]').waitFor();
    await page.getByTestId('record-summary').getByText(CREATININE).waitFor();
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-testid="record-created"]').waitFor();

    const count = await clicks();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    await page.context().close();
  });

  it('finds analyses by NABM code, shows a hidden one greyed with the reason it cannot be ordered', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', `/fr/form/records/${patientId}`);
    await page.locator('[data-step-nav="analyses"]').click();
    await page.locator('[data-step="analyses"]').waitFor();
    await waitForFocus(page, 'record_selected_analyses');
    await page.keyboard.type(NABM.toLowerCase());
    await page.getByRole('option', { name: new RegExp(HEMOGRAMME) }).waitFor();
    // The demo laboratory's own analyses are listed until the typed code filters them out.
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.locator('[data-field="record_selected_analyses"]').fill('hemoglobine glyquee');
    const hidden = page.getByRole('option', { name: new RegExp(HIDDEN) });
    await hidden.waitFor();
    expect(await hidden.getAttribute('data-combobox-disabled')).toBe('true');
    await hidden.getByText('Analyse masquée (interne) : elle ne peut pas être demandée').waitFor();
    await screenshot(page, 'wizard-hidden-analysis-fr-light');
    // Clicking it orders nothing.
    await hidden.click({ force: true });
    await page.keyboard.press('Escape');
    expect(await page.getByText('Combinaison 1 (1)').count()).toBe(0);
    await page.context().close();
  });

  it('finds analyses by family at the front desk, whose secretary reads the families', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', `/fr/form/records/${patientId}`);
    await page.locator('[data-step-nav="analyses"]').click();
    await waitForFocus(page, 'record_selected_analyses');
    await page.keyboard.type(`biochimie ${tag.toLowerCase()}`);
    await page.getByRole('option', { name: new RegExp(GLYCEMIE) }).waitFor();
    await page.getByRole('option', { name: new RegExp(CREATININE) }).waitFor();
    await expect.poll(() => page.getByRole('option').count()).toBe(2);
    await page.context().close();
  });

  it('checks each step on ‘Suivant’, names the steps, focuses the first field, moves on with Enter', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/form/records');
    await page.locator('[data-action="new-record"]').click();
    // The steps carry their names.
    await page.locator('[data-step-nav="identity"]').getByText('Informations de base du patient').waitFor();
    await page.locator('[data-step-nav="analyses"]').getByText('Analyses du dossier').waitFor();
    await page.locator('[data-action="skip"]').click();
    await page.locator('[data-step="identity"]').waitFor();
    await waitForFocus(page, 'patient_civility');

    // Leaving the identity empty is refused there, the errors under the inputs, the first one focused.
    await page.locator('[data-action="next"]').click();
    await page.locator('[data-testid="step-issues"]').waitFor();
    expect(await page.locator('[data-step="identity"]').count()).toBe(1);
    await page.locator('[data-step="identity"]').getByText('Ce champ est obligatoire').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await screenshot(page, 'wizard-step-issues-fr-light');

    await choose(page, 'patient_gender', 'Féminin');
    await page.locator('[data-field="patient_surname"]').fill(`ENTREE${stamp}`);
    await page.locator('[data-field="patient_name"]').fill('Anne');
    await page.locator('[data-field="patient_dob"]').fill('1990-03-14');
    // Enter in a field moves to the next step, whose first field gets the focus.
    await page.locator('[data-field="patient_name"]').press('Enter');
    await page.locator('[data-step="physiology"]').waitFor();
    await waitForFocus(page, 'patient_height_cm');
    // Enter in a textarea stays in it (a new line).
    await page.locator('[data-step-nav="clinical"]').click();
    await page.locator('[data-step="clinical"]').waitFor();
    await page.locator('[data-field="record_clinical_information"]').press('Enter');
    expect(await page.locator('[data-step="clinical"]').count()).toBe(1);

    // A jump over steps stops on a step on the way that holds an invalid input.
    await page.locator('[data-step-nav="identity"]').click();
    await page.locator('[data-field="patient_surname"]').fill('');
    await page.locator('[data-step-nav="analyses"]').click();
    await page.locator('[data-step="identity"]').waitFor();
    await page.locator('[data-testid="step-issues"]').waitFor();
    await waitForFocus(page, 'patient_surname');
    await page.locator('[data-field="patient_surname"]').fill(`ENTREE${stamp}`);
    await page.locator('[data-step-nav="analyses"]').click();
    await page.locator('[data-step="analyses"]').waitFor();
    // No analysis: the summary is refused on the analyses step.
    await page.keyboard.press('Escape');
    await page.locator('[data-action="to-summary"]').click();
    await page.locator('[data-step="analyses"]').getByText('Choisissez au moins une analyse').waitFor();
    await page.context().close();
  });

  it('after a refused submit, lands on the step of the refused field with its error', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab');
    await newPatientIdentity(page, `REFUS${stamp}`);
    // A qualified identity needs an INS: only the server's identity rules know it.
    await choose(page, 'patient_identity_status', 'Qualifiée');
    await page.locator('[data-action="to-analyses"]').click();
    await page.locator('[data-step="analyses"]').waitFor();
    await pick(page, 'glycemie', GLYCEMIE);
    await page.keyboard.press('Escape');
    await page.locator('[data-action="to-summary"]').click();
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-step="identity"]').waitFor();
    await page.getByText('Une identité récupérée ou qualifiée demande un matricule INS').waitFor();
    await waitForFocus(page, 'patient_identity_status');
    // The step names mark the step that holds the refused field.
    expect(await page.locator('[data-step-nav="identity"]').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'wizard-refused-submit-fr-light');
    // The error is where the field is: no toast repeats it.
    expect((await toastTexts(page)).join()).not.toContain('Type incorrect');
    await page.context().close();
  });

  it('explains to the administrator what ‘visible’ means for an analysis, visible by default', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/table/analyses');
    await page.locator('[data-action="add"]').click();
    const visible = page.locator('[data-field="analysis_visible"]');
    await visible.waitFor();
    expect(await visible.isChecked()).toBe(true);
    await page.getByText('Visible (par défaut pour une nouvelle analyse)').waitFor();
    await screenshot(page, 'analysis-form-visible-hint-fr-light');
    await page.context().close();
  });
});

const STEP_KEYS = [
  'patient',
  'identity',
  'physiology',
  'insurance',
  'contact',
  'patientExtra',
  'collection',
  'clinical',
  'report',
  'recordExtra',
  'analyses',
  'special',
  'summary',
];

/** Opens every step of the known patient's new record through the step names, and photographs it. */
async function photographSteps(page: Page, name: string, narrow: boolean): Promise<void> {
  for (const [index, key] of STEP_KEYS.entries()) {
    if (narrow) {
      await page.locator('[data-testid="step-menu"]').click();
      if (index === 0) await screenshot(page, `wizard-${name}-00-step-menu`);
      await page.locator(`[data-step-nav="${key}"]`).click();
    } else {
      await page.locator(`[data-step-nav="${key}"]`).click();
    }
    await page.locator(`[data-step="${key}"]`).waitFor();
    // A step reached through the names shows no issue of its own yet.
    expect(await page.locator('[data-testid="step-issues"]').count()).toBe(0);
    if (key === 'analyses') {
      await page.locator('[data-field="record_selected_analyses"]').fill('hemo');
      await page.getByRole('option', { name: new RegExp(HIDDEN) }).waitFor();
    }
    await screenshot(page, `wizard-${name}-${String(index + 1).padStart(2, '0')}-${key}`);
    if (key === 'analyses') {
      await page.keyboard.press('Escape');
      await page.getByRole('option').first().waitFor({ state: 'detached' });
      await page.locator('[data-field="record_selected_analyses"]').fill('glycemie');
      await page.getByRole('option', { name: new RegExp(GLYCEMIE) }).click();
      await page.keyboard.press('Escape');
    }
  }
}

describe('every step in both languages, both themes, on a desk and a phone', () => {
  const cases = [
    { name: 'fr-light-1280', locale: 'fr', dark: false, width: 1280 },
    { name: 'en-dark-1280', locale: 'en', dark: true, width: 1280 },
    { name: 'fr-dark-375', locale: 'fr', dark: true, width: 375 },
    { name: 'en-light-375', locale: 'en', dark: false, width: 375 },
  ];
  for (const view of cases) {
    it(view.name, async () => {
      const narrow = view.width < 768;
      const page = await newPage(browser, { locale: view.locale === 'fr' ? 'fr-FR' : 'en-GB' });
      await signIn(page, baseUrl, 'biologiste@demo.lab', `/${view.locale}/`);
      // The theme is switched from the desktop menu, then the window takes the phone's width.
      if (view.dark) await toggleTheme(page);
      await page.setViewportSize({ width: view.width, height: narrow ? 740 : 900 });
      await page.goto(`${baseUrl}/${view.locale}/form/records/${patientId}`);
      await page.locator('[data-step="patient"]').waitFor();
      if (narrow) {
        const label = await page.locator('[data-testid="step-menu"]').innerText();
        expect(label).toMatch(
          view.locale === 'fr'
            ? /Étape 1 sur 13\s+Sélectionner ou créer le patient/
            : /Step 1 of 13\s+Select or create patient/,
        );
      }
      await photographSteps(page, view.name, narrow);
      // The biologist's theme is put back for the other journeys.
      if (view.dark) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await toggleTheme(page);
      }
      await page.context().close();
    });
  }
});

describe('the wizard’s jump to the analyses', () => {
  it('stops on the collection only for a collection day without its time, says so, and goes on once the time is typed', async () => {
    const prescriber = `PRESCRIPTEUR${stamp}`;
    await send(
      baseUrl,
      'POST',
      '/api/add-prescriber',
      { prescriber_surname: prescriber, prescriber_name: 'Paul' },
      admin,
    );
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab');
    await page.goto(`${baseUrl}/fr/form/records`);
    await page.locator('[data-action="new-record"]').click();
    await page.keyboard.type(SURNAME);
    await page.locator('[data-action="choose-patient"]').click();
    await page.locator('[data-testid="chosen-patient"]').waitFor();
    await page.locator('[data-step-nav="collection"]').click();
    await page.locator('[data-step="collection"]').waitFor();
    await page.locator('[data-field="record_prescription_date"]').pressSequentially('27112026');
    await choose(page, 'record_prescriber', new RegExp(prescriber));
    // The collection's day typed, its time not yet.
    await page.locator('[data-field="record_collection_datetime"]').pressSequentially('28112026');
    await page.locator('[data-action="to-analyses"]').click();
    await page.locator('[data-step="collection"]').getByText('Indiquez aussi l’heure').waitFor();
    await screenshot(page, 'wizard-collection-time-missing-fr-light');
    // Not yet: the focus does not land on the time field (Mantine's TimePicker marks no inner input as invalid).
    await page.locator('[data-field-part="time"] input').first().click();
    await page.keyboard.type('0830');
    await page.locator('[data-action="to-analyses"]').click();
    await page.locator('[data-step="analyses"]').waitFor();
    await page.context().close();
  });
});
