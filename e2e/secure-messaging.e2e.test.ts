import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startSmtpServer } from '../packages/server/test/smtp.js';
import { apiLogin, send } from './api.js';
import { inScheme, launchBrowser, newPage, screenshot } from './browser.js';
import {
  choose,
  glycemiaToValidate,
  idOf,
  type RecordToValidate,
  setUpGlycemia,
  waitForToast,
} from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Secure health messaging (issue 42) in the browser: the administrator sets the laboratory's
 * MSSanté relay (a real local SMTP server with an account) on the information screen; a biologist
 * validates a record whose prescriber has an MSSanté address; the relay receives IHE_XDM.ZIP from
 * the laboratory's MSSanté address, and the record's delivery card shows the channel done.
 */
let server: RunningServer;
let browser: Browser;
let relay: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Record<string, string>;
let record: RecordToValidate;
const stamp = Date.now().toString(36).toUpperCase();
const ACCOUNT = { user: 'labo', pass: 'relais-e2e' };
const LAB_ADDRESS = 'biologie@labo-e2e.mssante.fr';
const DOCTOR_ADDRESS = `dr.mssante.${stamp.toLowerCase()}@medecin.mssante.fr`;

beforeAll(async () => {
  relay = await startSmtpServer({ account: ACCOUNT });
  [server, browser] = await Promise.all([
    // The relay is on this machine: its range is allowed; the sends are looked at every second.
    startServer({ OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8', DELIVERY_POLL_SECONDS: '1' }),
    launchBrowser(),
  ]);
  admin = await apiLogin(server.url, 'admin@demo.lab');
  const glycemia = await setUpGlycemia(server.url, admin, stamp);
  const prescriber = idOf(
    await send(
      server.url,
      'POST',
      '/api/add-prescriber',
      {
        prescriber_title: 'Dr',
        prescriber_surname: `MSSANTE${stamp}`,
        prescriber_name: 'Anne',
        prescriber_mssante: DOCTOR_ADDRESS,
      },
      admin,
    ),
    'prescriber_id',
  );
  record = await glycemiaToValidate(server.url, admin, glycemia, {
    patient_surname: `MESSAGERIE${stamp}`,
    record_prescriber: prescriber,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await relay?.stop();
});

const deliveryState = (page: Page, channel: string) =>
  page
    .locator(`[data-testid="record-deliveries"] [data-delivery-channel="${channel}"] [data-delivery-state]`)
    .getAttribute('data-delivery-state');

async function mailTo(address: string): Promise<ReceivedMail> {
  for (let i = 0; i < 120; i += 1) {
    const mail = relay.inbox.find((message) => message.to.includes(address));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the relay received nothing for ${address}`);
}

/** The base64 body of the attachment named `filename` in a received message. */
function attachment(mail: ReceivedMail, filename: string): Buffer {
  const part = mail.raw.split(/\r?\n--[^\r\n]+/).find((each) => each.includes(`filename=${filename}`));
  if (!part) throw new Error(`no ${filename} in the message`);
  const [, ...body] = part.split(/\r?\n\r?\n/);
  return Buffer.from(body.join('').replace(/\s+/g, ''), 'base64');
}

describe('secure messaging', () => {
  it("sets the laboratory's MSSanté relay on the information screen", async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab', '/fr/information');
    const card = page.locator('[data-testid="secure-messaging"]');
    await card.locator('[data-field="secure_messaging_host"]').waitFor();
    await card.locator('[data-field="secure_messaging_host"]').fill('127.0.0.1');
    await card.locator('[data-field="secure_messaging_port"]').fill(String(relay.port));
    await choose(page, 'secure_messaging_security', 'Sans TLS exigé');
    await card.locator('[data-field="secure_messaging_user"]').fill(ACCOUNT.user);
    await card.locator('[data-field="secure_messaging_password"]').fill(ACCOUNT.pass);
    await card.locator('[data-field="secure_messaging_sender"]').fill(LAB_ADDRESS);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'secure-messaging-relay-fr-light-1280');
    await inScheme(page, 'dark', () => screenshot(page, 'secure-messaging-relay-fr-dark-1280'));
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'secure-messaging-relay-fr-light-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.locator('[data-action="save-secure-messaging"]').click();
    await waitForToast(page, 'Relais de messagerie sécurisée enregistré');
    await expect.poll(() => card.locator('[data-field="secure_messaging_password"]').inputValue()).toBe('');
    expect(await card.innerText()).toContain('Un mot de passe est enregistré');
    await page.context().close();
  });

  it("sends the validated record to its prescriber's MSSanté address, and its delivery card says so", async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'biologiste@demo.lab', `/fr/validate-record/${record.id}`);
    for (const sampleId of record.samples)
      await page.locator(`[data-sample="${sampleId}"] [data-action="choose-sample"]`).check();
    await page.locator('[data-action="validate"]').click();
    await waitForToast(page, 'Validé avec succès');

    const mail = await mailTo(DOCTOR_ADDRESS);
    expect(mail).toMatchObject({ from: LAB_ADDRESS, user: ACCOUNT.user });
    const files = unzipSync(new Uint8Array(attachment(mail, 'IHE_XDM.ZIP')));
    expect(Object.keys(files).sort()).toEqual([
      'IHE_XDM/SUBSET01/DOC0001.XML',
      'IHE_XDM/SUBSET01/METADATA.XML',
      'INDEX.HTM',
      'README.TXT',
    ]);

    await page.goto(`${server.url}/fr/preview-record/${record.id}`);
    const line = page.locator('[data-testid="record-deliveries"] [data-delivery-channel="secure_messaging"]');
    await line.waitFor();
    await expect
      .poll(
        async () => {
          const state = await deliveryState(page, 'secure_messaging');
          if (state !== 'done') await page.reload();
          return state;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('done');
    expect(await line.innerText()).toContain('Messagerie sécurisée (MSSanté)');
    expect(await line.innerText()).toContain(DOCTOR_ADDRESS);
    await line.scrollIntoViewIfNeeded();
    await screenshot(page, 'secure-messaging-delivery-fr-light-1280');
    await page.goto(`${server.url}/en/preview-record/${record.id}`);
    await line.waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('[data-testid="record-deliveries"]').scrollIntoViewIfNeeded();
    await inScheme(page, 'dark', () => screenshot(page, 'secure-messaging-delivery-en-dark-375'));
    await page.context().close();
  });
});
