import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createUser, send } from './api.js';
import { fillLogin, launchBrowser, login, newPage, screenshot, toastTexts, waitForTitle } from './browser.js';
import { type RunningServer, startServer } from './server.js';
import { sharedServerUrl } from './shared-server.js';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('login', () => {
  it('logs in without OTP and keeps the auth session in the browser', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'admin@demo.lab');
    expect(new URL(page.url()).pathname).toBe('/fr/dashboard');
    await page.locator('main h1', { hasText: 'Tableau de bord' }).waitFor();
    await waitForTitle(page, 'Tableau de bord · SIL');
    const session = await page.evaluate(() =>
      Object.fromEntries(
        ['access_token', 'refresh_token', 'uid', 'auth_machine_id', 'rights', 'locale', 'theme'].map(
          (key) => [key, window.localStorage.getItem(key)],
        ),
      ),
    );
    expect(session.access_token).toBeTruthy();
    expect(session.refresh_token).toBeTruthy();
    expect(session.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.auth_machine_id).toMatch(/^\d{13}[0-9a-v]{6}$/);
    expect(JSON.parse(session.rights ?? '{}').user_type).toBe('internal');
    expect(session.locale).toBe('fr');
    await page.context().close();
  });

  it('says wrong credentials once, under the form, in the language of the page', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/fr/`);
    await fillLogin(page, 'admin@demo.lab', 'wrong-password-1!');
    const inline = page.locator('[data-testid="login-error"]');
    await inline.waitFor();
    expect(await inline.innerText()).toContain('Identifiants incorrects');
    expect(await toastTexts(page)).toEqual([]);
    // The page-load bar shows the failure too.
    await page.locator('[data-page-progress="failed"]').waitFor({ state: 'attached' });
    await screenshot(page, 'login-fr-error-toast');
    expect(new URL(page.url()).pathname).toBe('/fr/');
    await page.context().close();
  });

  it('sends the recovery e-mail from forgot password and returns to the login form', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/fr/`);
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
    await page.locator('input[type="email"]').fill('secretariat@demo.lab');
    await page.getByRole('button', { name: "Envoyer l'e-mail de récupération" }).click();
    await page.getByText('un e-mail de récupération du mot de passe vous a été envoyé').waitFor();
    // The request accepted: spec.md §8's successRequest is the toast's title.
    expect((await toastTexts(page)).some((text) => text.startsWith('Demande envoyée'))).toBe(true);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('button', { name: 'Retour à la connexion' }).click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.context().close();
  });

  it('starts the single sign-on and shows why it cannot proceed', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/fr/`);
    await page.getByRole('link', { name: 'Se connecter avec Pro Santé Connect' }).click();
    await page.getByText("L'authentification unique n'est pas disponible pour ce laboratoire").waitFor();
    await page.waitForURL((url) => !url.search.includes('sso_error'));
    expect(new URL(page.url()).pathname).toBe('/fr/');
    await page.context().close();
  });
});

describe('session', () => {
  it('takes the user back to the saved nextUrl after login', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/en/table/analyses?search=glu`);
    await page.waitForURL(`${baseUrl}/en/`);
    expect(await page.evaluate(() => window.localStorage.getItem('nextUrl'))).toBe(
      '/en/table/analyses?search=glu',
    );
    await fillLogin(page, 'admin@demo.lab');
    await page.waitForURL(`${baseUrl}/en/table/analyses?search=glu`);
    await page.locator('main h1', { hasText: 'Analyses' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('nextUrl'))).toBeNull();
    await page.context().close();
  });

  it('sends a logged-in user who opens login to the dashboard', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'technicien@demo.lab');
    await page.goto(`${baseUrl}/fr/`);
    await page.waitForURL(`${baseUrl}/fr/dashboard`);
    await page.context().close();
  });

  it('logs out: clears the session and returns to login', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'technicien@demo.lab');
    await page.locator('nav').first().hover();
    await page.locator('[data-menu-id="logout"]').click();
    await page.waitForURL(`${baseUrl}/fr/`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    const left = await page.evaluate(() =>
      ['access_token', 'refresh_token', 'uid', 'auth_machine_id', 'rights'].map((key) =>
        window.localStorage.getItem(key),
      ),
    );
    expect(left).toEqual([null, null, null, null, null]);
    await page.goto(`${baseUrl}/fr/dashboard`);
    await page.waitForURL(`${baseUrl}/fr/`);
    await page.context().close();
  });

  it('treats a token the server refuses as logged out', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'technicien@demo.lab');
    await page.evaluate(() => {
      window.localStorage.setItem('access_token', 'forged');
      window.localStorage.setItem('refresh_token', 'forged');
    });
    await page.goto(`${baseUrl}/fr/scan`);
    await page.waitForURL(`${baseUrl}/fr/`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.context().close();
  });

  it('logs out after an hour without activity, with the notice', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await login(page, baseUrl, 'technicien@demo.lab');
    await page.locator('main h1').waitFor();
    await page.clock.fastForward('59:00');
    // Activity resets the hour.
    await page.keyboard.press('Shift');
    await page.clock.fastForward('59:00');
    expect(new URL(page.url()).pathname).toBe('/fr/dashboard');
    await page.clock.fastForward('02:00');
    await page.waitForURL(`${baseUrl}/fr/`);
    await page.getByText("Vous avez été déconnecté pour cause d'inactivité").waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
    await page.context().close();
  });
});

// A server of its own: these journeys read the SMS and e-mails of that server's local outbox.
describe('with the messages of the local outbox', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Path (after the host) of the link in the last message to `to`: its host is the server's public one. */
  const linkPath = async (msg: string, to: string) => {
    const line = await server.waitForLog((entry) => entry.msg === msg && entry.to === to);
    const link = /https?:\/\/\S+/.exec(String(line.text))?.[0];
    if (!link) throw new Error(`No link in: ${String(line.text)}`);
    return new URL(link).pathname;
  };

  it('asks for the SMS code when the account has OTP, and accepts it zero-padded', async () => {
    await createUser(server.url, 'otp.user@demo.lab', { otp: true });
    const page = await newPage(browser);
    await page.goto(`${server.url}/en/`);
    await fillLogin(page, 'otp.user@demo.lab');
    await page.getByText('We have sent a one-time password to your mobile').waitFor();
    const sms = await server.waitForLog((line) => line.msg === 'SMS queued in the local outbox');
    const code = /\b(\d{6})\b/.exec(String(sms.text))?.[1];
    expect(code).toBeDefined();
    // Letters are refused by the numeric field's validation.
    await page.locator('input[autocomplete="one-time-code"]').fill('12ab');
    await page.locator('form button[type="submit"]').click();
    await page.getByText('The code is made of digits only').waitFor();
    // Leading zeros may be left out: the client pads the code to 6 digits.
    await page.locator('input[autocomplete="one-time-code"]').fill(String(Number(code)));
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${server.url}/en/dashboard`);
    await page.locator('main h1', { hasText: 'Dashboard' }).waitFor();
    await page.context().close();
  });

  it('resets a forgotten password with the e-mailed link', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/fr/`);
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.locator('input[type="email"]').fill('secretariat@demo.lab');
    await page.getByRole('button', { name: "Envoyer l'e-mail de récupération" }).click();
    const path = await linkPath('E-mail queued in the local outbox', 'secretariat@demo.lab');
    expect(path).toMatch(/^\/fr\/reset-password\/.+/);
    await page.goto(`${server.url}${path}`);
    const [password, confirm] = [
      page.locator('input[type="password"]').nth(0),
      page.locator('input[type="password"]').nth(1),
    ];
    await password.fill('short');
    await confirm.fill('other');
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Au moins 8 caractères').waitFor();
    await page.getByText('Les mots de passe ne correspondent pas').waitFor();
    await password.fill('Nouveau-2026!');
    await confirm.fill('Nouveau-2026!');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${server.url}/fr/`);
    await fillLogin(page, 'secretariat@demo.lab', 'Nouveau-2026!');
    await page.waitForURL(`${server.url}/fr/dashboard`);
    await page.context().close();
  });

  it('confirms an e-mail address with the verification link, and refuses a wrong link', async () => {
    await createUser(server.url, 'new.user@demo.lab', { otp: false });
    const headers = await apiLogin(server.url, 'new.user@demo.lab');
    await send(server.url, 'PUT', '/api/request-email-verification', { locale: 'en' }, headers);
    const path = await linkPath('E-mail queued in the local outbox', 'new.user@demo.lab');
    const page = await newPage(browser);
    await page.goto(`${server.url}${path}`);
    await page.getByText('Verification complete').waitFor();
    await page.getByText('Click button to return to dashboard').waitFor();
    // The same link a second time: already used.
    await page.reload();
    await page.getByText('The verification did not succeed').waitFor();
    await page.goto(`${server.url}/fr/verify-phone-number/aaaaaaaaaaaaaaaaaaaaaaaa`);
    await page.getByText('Le lien est invalide').waitFor();
    await page.getByRole('link', { name: 'Revenir au tableau de bord' }).click();
    await page.waitForURL(`${server.url}/fr/`);
    await page.context().close();
  });
});
