import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { glycemiaToValidate, setUpGlycemia, validateAll } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Delivery of the report in the browser (issue 15): a record validated with the phone and paper
 * channels shows them pending on its screen; the secretary ticks each person of the phone
 * checklist and marks the paper report printed, and the record is sent; the patient then opens the
 * report online on a 375 px phone with the password label's data, after a refused try. Two records
 * to post are printed in one batch from the post work list and marked done once confirmed.
 */
let server: RunningServer;
let browser: Browser;
let admin: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const DOB = '1979-03-08';
let record: { id: string; number: string; password: string };
/** Two records to post, printed in one batch. */
let posted: Array<{ id: string; number: string }>;

const api = (method: string, path: string, body?: unknown) => send(server.url, method, path, body, admin);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const glycemia = await setUpGlycemia(server.url, admin, stamp);
  // The administrator validates: the journey is about what follows.
  const validated = async (surname: string, channels: Record<string, unknown>) => {
    const created = await glycemiaToValidate(server.url, admin, glycemia, {
      patient_surname: surname,
      patient_dob: DOB,
      ...channels,
    });
    await validateAll(server.url, admin, created);
    const [row] = (await api('GET', `/api/get-record?record_id=${created.id}`)) as Array<{
      record_password: string;
    }>;
    return { id: created.id, number: created.number, password: String(row?.record_password) };
  };
  record = await validated(`REMISE${stamp}`, {
    record_must_phone: true,
    record_must_paper: true,
    record_persons_to_phone: ['patient', 'prescriber'],
  });
  posted = [
    await validated(`COURRIER${stamp}`, { record_must_post: true }),
    await validated(`PLI${stamp}`, { record_must_post: true }),
  ];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (page: Page) => page.locator('[data-testid="record-deliveries"]');
const stateOf = (page: Page, channel: string) =>
  card(page)
    .locator(`[data-delivery-channel="${channel}"] [data-delivery-state]`)
    .getAttribute('data-delivery-state');

describe('report delivery', () => {
  it('lists the record in the phone work list, in English, on a desktop and a phone', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, server.url, 'secretariat@demo.lab', '/en/deliveries/phone');
    const line = page.locator(`[data-record-number="${record.number}"]`);
    await line.waitFor();
    expect(await line.innerText()).toContain(`REMISE${stamp}`);
    await page.mouse.move(900, 700);
    await screenshot(page, 'delivery-worklist-en-light-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'delivery-worklist-en-light-375');
    await page.context().close();
  });

  it('shows the pending channels, and the secretary completes the phone checklist and the paper report', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'secretariat@demo.lab', `/fr/preview-record/${record.id}`);
    await card(page).waitFor();
    await expect.poll(() => stateOf(page, 'phone')).toBe('pending');
    expect(await stateOf(page, 'paper')).toBe('pending');
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-record-fr-light-1280');
    await toggleTheme(page);
    await page.mouse.move(900, 700);
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-record-fr-dark-1280');

    const call = (person: string) =>
      card(page).locator(`[data-phone-person="${person}"] [data-action="mark-call-done"]`);
    await call('patient').click();
    await expect.poll(() => call('patient').count()).toBe(0);
    expect(await stateOf(page, 'phone')).toBe('pending');
    await call('prescriber').click();
    await expect.poll(() => stateOf(page, 'phone')).toBe('done');
    expect(await card(page).locator('[data-delivery-channel="phone"]').innerText()).toContain('David Petit');
    await card(page).locator('[data-delivery-channel="paper"] [data-action="mark-delivery-done"]').click();
    await expect.poll(() => stateOf(page, 'paper')).toBe('done');
    await screenshot(page, 'delivery-record-fr-dark-1280-done');
    await page.setViewportSize({ width: 375, height: 740 });
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-record-fr-dark-375-done');
    const [sent] = (await api('GET', `/api/get-record?record_id=${record.id}`)) as Array<{
      record_status: number;
    }>;
    expect(sent?.record_status).toBe(5);
    await page.context().close();
  });

  it('prints the post work list in one batch and marks it done once the secretary confirms', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    await signIn(page, server.url, 'secretariat@demo.lab', '/fr/deliveries/post');
    const line = (number: string) => page.locator(`[data-record-number="${number}"]`);
    for (const { number } of posted) {
      await line(number).waitFor();
      await line(number).locator('[data-action="choose-for-batch"]').check();
    }
    const button = page.locator('[data-action="print-batch"]');
    expect(await button.innerText()).toContain('lot de 2 comptes rendus');
    await screenshot(page, 'delivery-print-batch-fr-1280');
    const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(file.suggestedFilename()).toMatch(/LOT DE 2 COMPTES RENDUS\.pdf$/);
    const bytes = await readFile(String(await file.path()));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Downloaded, not yet confirmed: the records still wait in the list.
    const confirm = page.locator('[data-action="confirm-batch"]');
    await confirm.waitFor();
    expect(await line(posted[0]?.number ?? '').count()).toBe(1);
    // The demo secretary's theme is the one the other journeys left: make it dark whatever it was.
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    if ((await scheme()) !== 'dark') await toggleTheme(page);
    expect(await scheme()).toBe('dark');
    await page.mouse.move(900, 700);
    await screenshot(page, 'delivery-print-batch-fr-dark-1280-confirm');
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'delivery-print-batch-fr-dark-375-confirm');
    await confirm.click();
    for (const { number } of posted) await expect.poll(() => line(number).count()).toBe(0);
    for (const { id } of posted) {
      const [sent] = (await api('GET', `/api/get-record?record_id=${id}`)) as Array<{
        record_status: number;
      }>;
      expect(sent?.record_status).toBe(5);
    }
    await page.context().close();
  });

  it('lets the patient open the report online on a 375 px phone, after a refused try', async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto(`${server.url}/fr/online-report`);
    const fill = async (password: string) => {
      await page.locator('input[name="record_number"]').fill(record.number);
      await page.locator('input[name="record_password"]').fill(password);
      // Typed as a patient types it, digits only: the field puts the slashes in, day first.
      await page.locator('[data-field="patient_dob"]').pressSequentially(DOB.split('-').reverse().join(''));
      await page.locator('[data-action="open-online-report"]').click();
    };
    await fill('mauvais');
    await page.locator('[data-testid="online-report-error"]').waitFor();
    expect(await page.locator('[data-testid="online-report-error"]').innerText()).toContain(
      'mot de passe ou date de naissance incorrect',
    );
    await screenshot(page, 'online-report-fr-light-375-refused');
    await fill(record.password);
    await page.locator('[data-testid="online-report-ready"]').waitFor();
    expect(await page.locator('[data-testid="online-report-ready"]').innerText()).toContain(record.number);
    const download = page.waitForEvent('download');
    await page.locator('[data-testid="online-report-ready"] a[download]').click();
    expect((await download).suggestedFilename()).toContain(record.number);
    await screenshot(page, 'online-report-fr-light-375-ready');
    await page.context().close();
    const english = await newPage(browser, { locale: 'en-GB', viewport: { width: 375, height: 740 } });
    await english.goto(`${server.url}/en/online-report`);
    await english.locator('[data-action="open-online-report"]').waitFor();
    expect(await english.locator('h1').innerText()).toBe('Your report online');
    await screenshot(english, 'online-report-en-light-375');
    // The patient chooses the dark theme and French on the page itself.
    await english.locator('[data-action="toggle-online-theme"]').click();
    await expect
      .poll(() => english.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('dark');
    await screenshot(english, 'online-report-en-dark-375');
    await english.locator('a[lang="fr"]').click();
    await expect.poll(() => english.locator('h1').innerText()).toBe('Votre compte rendu en ligne');
    await screenshot(english, 'online-report-fr-dark-375');
    await english.context().close();
  });

  it("lets the administrator set the laboratory's identity for the report header, FINESS checked", async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab', '/fr/information');
    const card = page.locator('[data-testid="laboratory-identity"]');
    await card.locator('input[name="laboratory_finess"]').waitFor();
    await card.locator('input[name="laboratory_name"]').fill(`Laboratoire ${stamp}`);
    await card.locator('textarea[name="laboratory_address"]').fill('12 rue des Tilleuls\n69003 Lyon');
    await card
      .locator('input[name="laboratory_accreditation"]')
      .fill('Accréditation COFRAC ISO 15189 n° 8-9999');
    await card.locator('input[name="laboratory_finess"]').fill('690 781 811');
    await card.locator('[data-action="save-laboratory-identity"]').click();
    await expect.poll(() => card.innerText()).toContain('Numéro FINESS invalide');
    await screenshot(page, 'laboratory-identity-fr-1280-invalid');
    await card.locator('input[name="laboratory_finess"]').fill('690 781 810');
    await card.locator('[data-action="save-laboratory-identity"]').click();
    await expect
      .poll(
        async () =>
          ((await api('GET', '/api/get-laboratory-identity')) as { laboratory_finess: string | null })
            .laboratory_finess,
      )
      .toBe('690781810');
    // The form shows the number as the server stored it once the saved identity comes back.
    await expect.poll(() => card.locator('input[name="laboratory_finess"]').inputValue()).toBe('690781810');
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    if ((await scheme()) !== 'dark') await toggleTheme(page);
    await page.mouse.move(900, 700);
    await screenshot(page, 'laboratory-identity-fr-dark-1280');
    await page.context().close();
    const english = await newPage(browser, { locale: 'en-GB', viewport: { width: 375, height: 740 } });
    await signIn(english, server.url, 'secretariat@demo.lab', '/en/information');
    const readOnly = english.locator('[data-testid="laboratory-identity"]');
    await readOnly.locator('input[name="laboratory_finess"]').waitFor();
    expect(await readOnly.innerText()).toContain('Only an administrator can change the laboratory identity.');
    expect(await readOnly.locator('[data-action="save-laboratory-identity"]').count()).toBe(0);
    await screenshot(english, 'laboratory-identity-en-375-read-only');
    await english.context().close();
  });
});
