import { createServer } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DR_MARTIN, type PscProvider, startPscProvider } from '../packages/server/test/psc-provider.js';
import { startSmtpServer } from '../packages/server/test/smtp.js';
import { createUser } from './api.js';
import { DEMO_PASSWORD, fillLogin, launchBrowser, login, newPage, openInApp, screenshot } from './browser.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Account and security settings (issue 18) in the browser, on a server of its own that sends its
 * e-mails to a real local SMTP server and whose Pro Santé Connect is a real local OpenID provider.
 */

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let browser: Browser;
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let provider: PscProvider;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  smtp = await startSmtpServer();
  provider = await startPscProvider(`${publicUrl}/auth/psc/callback`);
  server = await startServer({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    SMTP_URL: smtp.url,
    PSC_DISCOVERY_URL: provider.discoveryUrl,
    PSC_CLIENT_ID: provider.clientId,
    PSC_CLIENT_SECRET: provider.clientSecret,
    PSC_ALLOW_HTTP: 'true',
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  await provider?.close();
});

/** The link of the last e-mail to `to`, whatever quoted-printable folding did to it. */
async function mailedLink(to: string, page: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mail = [...smtp.inbox].reverse().find((message) => message.to.includes(to));
    const unfolded = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = new RegExp(`https?://[^\\s]+/(fr|en)/${page}/[A-Za-z0-9_-]+`).exec(unfolded);
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No ${page} e-mail to ${to}`);
}

const openSettings = async (page: Page, locale: string, route: 'account' | 'security' | 'information') => {
  await page.goto(`${server.url}/${locale}/${route}`);
  await page.locator('main h1').first().waitFor();
};

describe('account and security settings', () => {
  it('verifies the e-mail with the link read from the SMTP server, then the address cannot change', async () => {
    await createUser(server.url, 'verify.me@demo.lab', { otp: false });
    const page = await newPage(browser, { locale: 'en-GB' });
    await login(page, server.url, 'verify.me@demo.lab', 'en');
    await openSettings(page, 'en', 'account');
    const emailLine = page.locator('[data-contact="email"]');
    await emailLine.getByText('Unverified').waitFor();
    await emailLine.getByRole('button', { name: 'Verify' }).click();
    const link = await mailedLink('verify.me@demo.lab', 'verify-email');
    await page.goto(`${server.url}${new URL(link).pathname}`);
    await page.getByText('Verification complete').waitFor();
    await openSettings(page, 'en', 'account');
    await emailLine.getByText('Verified', { exact: true }).waitFor();
    await page.getByText('The e-mail of a verified account cannot be changed.').waitFor();
    expect(await emailLine.getByRole('button', { name: 'Change' }).count()).toBe(0);
    await page.context().close();
  });

  it('verifies the mobile by SMS, enables the SMS code, then logs in with it', async () => {
    await createUser(server.url, 'sms.code@demo.lab', { otp: false });
    const page = await newPage(browser);
    await login(page, server.url, 'sms.code@demo.lab');
    await openSettings(page, 'fr', 'security');
    await page.getByText("Vérifiez votre numéro de mobile d'abord !").waitFor();
    await openSettings(page, 'fr', 'account');
    const mobileLine = page.locator('[data-contact="mobile"]');
    const before = server.logs.length;
    await mobileLine.getByRole('button', { name: 'Vérifier' }).click();
    const sms = await server.waitForLog(
      (line) => server.logs.indexOf(line) >= before && line.msg === 'SMS queued in the local outbox',
    );
    const link = /https?:\/\/\S+/.exec(String(sms.text))?.[0] ?? '';
    await page.goto(`${server.url}${new URL(link).pathname}`);
    await page.getByText('Vérification terminée').waitFor();
    await openSettings(page, 'fr', 'security');
    const otpSwitch = page.getByLabel('Demander un code reçu par SMS à chaque connexion');
    await expect.poll(() => otpSwitch.isEnabled()).toBe(true);
    await otpSwitch.click({ force: true });
    await page.getByText('Le code SMS sera demandé à chaque connexion.').waitFor();
    await expect.poll(() => otpSwitch.isChecked()).toBe(true);
    await page.context().close();

    const next = await newPage(browser);
    await next.goto(`${server.url}/fr/`);
    const sent = server.logs.length;
    await fillLogin(next, 'sms.code@demo.lab');
    const code = await server.waitForLog(
      (line) => server.logs.indexOf(line) >= sent && line.msg === 'SMS queued in the local outbox',
    );
    const digits = /\b(\d{6})\b/.exec(String(code.text))?.[1] ?? '';
    await next.locator('input[autocomplete="one-time-code"]').fill(digits);
    await next.locator('form button[type="submit"]').click();
    await next.waitForURL(`${server.url}/fr/dashboard`);
    await next.context().close();
  });

  it('changes the password, after which the old one is refused', async () => {
    await createUser(server.url, 'new.password@demo.lab', { otp: false });
    const page = await newPage(browser, { locale: 'en-GB' });
    await login(page, server.url, 'new.password@demo.lab', 'en');
    await openSettings(page, 'en', 'security');
    const form = page.locator('form[data-form="change-password"]');
    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByLabel(/^New password/).fill('short');
    await form.getByLabel('Confirm the new password').fill('other');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await form.getByLabel(/^New password/).fill('Changed-2026!');
    await form.getByLabel('Confirm the new password').fill('Changed-2026!');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Your other sessions were logged out.').waitFor();
    await page.context().close();

    const old = await newPage(browser, { locale: 'en-GB' });
    await old.goto(`${server.url}/en/`);
    await fillLogin(old, 'new.password@demo.lab');
    await old.getByText('Incorrect credentials').first().waitFor();
    await old.context().close();
    const fresh = await newPage(browser, { locale: 'en-GB' });
    await fresh.goto(`${server.url}/en/`);
    await fillLogin(fresh, 'new.password@demo.lab', 'Changed-2026!');
    await fresh.waitForURL(`${server.url}/en/dashboard`);
    await fresh.context().close();
  });

  it('links Pro Santé Connect from the security page, then logs in with it', async () => {
    provider.nextLogin = { professional: DR_MARTIN, acr: 'eidas1' };
    const page = await newPage(browser, { locale: 'en-GB' });
    await login(page, server.url, 'biologiste@demo.lab', 'en');
    await openSettings(page, 'en', 'security');
    // Back from the provider with a code, which the page takes out of the address once it has it.
    const back = page.waitForURL((url) => url.pathname === '/en/security' && url.searchParams.has('code'));
    await page.locator('[data-action="psc-link"]').click();
    await back;
    await page.waitForURL((url) => url.pathname === '/en/security' && !url.searchParams.has('code'));
    await page.locator('[data-psc="linked"]').waitFor();
    await page.getByText('Your account is linked to Pro Santé Connect.').waitFor();
    await page.context().close();

    const sso = await newPage(browser, { locale: 'en-GB' });
    await sso.goto(`${server.url}/en/`);
    await sso.getByRole('link', { name: 'Log in with Pro Santé Connect' }).click();
    await sso.waitForURL(`${server.url}/en/dashboard`);
    await sso.locator('main h1').first().waitFor();
    await sso.context().close();
  });

  it('keeps the appearance chosen on the account page across logins', async () => {
    const page = await newPage(browser);
    await login(page, server.url, 'technicien@demo.lab');
    await openSettings(page, 'fr', 'account');
    await page.getByLabel('Mode nuit').check({ force: true });
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    await page.waitForTimeout(300);
    await page.context().close();
    const again = await newPage(browser);
    await login(again, server.url, 'technicien@demo.lab');
    await again.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    await openSettings(again, 'fr', 'account');
    expect(await again.getByLabel('Mode nuit').isChecked()).toBe(true);
    await again.getByLabel('Mode nuit').uncheck({ force: true });
    await again.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'light');
    await again.waitForTimeout(300);
    await again.context().close();
  });

  it('shows the settings pages in French and English, light and dark, on desktop and at 375 px', async () => {
    for (const locale of ['fr', 'en'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        for (const width of [1280, 375]) {
          const page = await newPage(browser, {
            locale: locale === 'fr' ? 'fr-FR' : 'en-GB',
            viewport: { width, height: width === 375 ? 812 : 900 },
          });
          await page.addInitScript((chosen) => window.localStorage.setItem('theme', chosen), theme);
          await signIn(page, server.url, 'admin@demo.lab', `/${locale}/account`);
          for (const route of ['account', 'security', 'information'] as const) {
            await openInApp(page, `/${locale}/${route}`);
            await page.locator('main h1').first().waitFor();
            await page.locator('.mantine-Card-root').first().waitFor();
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow, `${route} ${locale} ${theme} ${width}`).toBeLessThanOrEqual(0);
            await screenshot(page, `settings-${route}-${locale}-${theme}-${width}`);
          }
          await page.context().close();
        }
      }
    }
  }, 180_000);
});
