import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForTitle } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const path = (url: string) => new URL(url).pathname;

describe('locale rules', () => {
  it('takes the first browser language the product offers', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await page.goto(`${baseUrl}/`);
    // '/' → dashboard → not logged in → login, all under the browser's language.
    await page.waitForURL(`${baseUrl}/en/`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await waitForTitle(page, 'Login · SIL');
    expect(await page.evaluate(() => window.localStorage.getItem('nextUrl'))).toBe('/en/dashboard');
    await page.context().close();
  });

  it('falls back to French for a browser language the product does not offer', async () => {
    const page = await newPage(browser, { locale: 'de-DE' });
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/fr/`);
    await waitForTitle(page, 'Connexion · SIL');
    await page.context().close();
  });

  it('prefixes the locale when the first segment is a route', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/reset-password/some-token-value-123456`);
    await page.waitForURL(`${baseUrl}/fr/reset-password/some-token-value-123456`);
    await page.getByRole('heading', { name: 'Réinitialiser le mot de passe' }).waitFor();
    await page.context().close();
  });

  it('replaces an unknown locale by the current one', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab', '/en/');
    await page.goto(`${baseUrl}/de/table/analyses`);
    await page.waitForURL(`${baseUrl}/en/table/analyses`);
    await page.locator('main h1', { hasText: 'Analyses' }).waitFor();
    await page.context().close();
  });

  it('shows the error page for any other unknown path, in the right language', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/nowhere/at-all`);
    await page.getByText("Nous n'avons pas trouvé la page demandée").waitFor();
    expect(path(page.url())).toBe('/nowhere/at-all');
    await waitForTitle(page, 'Erreur · SIL');
    await page.goto(`${baseUrl}/en/table/not-a-table`);
    await page.getByText('We could not find the requested page. Try our Dashboard instead.').waitFor();
    await waitForTitle(page, 'Error · SIL');
    await page.getByRole('link', { name: 'Return to dashboard' }).click();
    // Not logged in: the dashboard asks for the login first.
    await page.waitForURL(`${baseUrl}/en/`);
    await page.context().close();
  });
});

describe('browser tab titles', () => {
  it('names each screen in both languages', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab');
    const expected: Array<[string, string, string]> = [
      ['table/techniques', 'Échantillons', 'Samples'],
      ['table/nabms', 'NABM', 'NABM'],
      ['table/doctors', 'Portail prescripteur', 'Prescriber portal'],
      ['table/external_records', 'Portail externe', 'External portal'],
      ['account', 'Paramètres du compte', 'Account settings'],
      ['security', 'Paramètres de sécurité', 'Security settings'],
      ['form/records', 'Ajouter un dossier', 'Add record'],
      ['preview-record/42', 'Aperçu du dossier', 'Preview record'],
      ['data-management', 'Gestion des données', 'Data management'],
      ['scan', 'Scanner', 'Scanner'],
    ];
    for (const [route, fr, en] of expected) {
      await page.goto(`${baseUrl}/fr/${route}`);
      await page.locator('main h1').waitFor();
      await waitForTitle(page, `${fr} · SIL`);
      await page.goto(`${baseUrl}/en/${route}`);
      await page.locator('main h1').waitFor();
      await waitForTitle(page, `${en} · SIL`);
    }
    await page.context().close();
  });

  it('opens every route of the table inside the layout with its title', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab');
    // Screens that later issues fill: their title, and no form of their own.
    const titleOnly = ['import', 'validate-record', 'invalidate-record/9'];
    // Screens built already, opened here with addresses naming nothing: they keep their title.
    const built = [
      'patient/p1',
      'form/parameters/7',
      'uploads',
      'table/users',
      'table/collector',
      'information',
      'form/external_records',
      'table/tasks/to_fax',
    ];
    for (const route of [...titleOnly, ...built]) {
      await page.goto(`${baseUrl}/fr/${route}`);
      const title = await page.locator('main h1').textContent();
      expect(title, route).toBeTruthy();
      if (titleOnly.includes(route)) expect(await page.locator('main form').count(), route).toBe(0);
    }
    await page.context().close();
  });
});
