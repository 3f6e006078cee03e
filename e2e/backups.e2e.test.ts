import { execFile } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot } from './browser.js';
import { waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const PASSPHRASE = 'Sauvegarde du labo 2026 !';

/**
 * Backups in the browser (issue 38): the administrator sets the backup passphrase, makes a backup,
 * sees it listed with its date and size, downloads it; the downloaded file is restored by the
 * command line into a fresh installation, which then opens with the laboratory's records and users.
 */
let server: RunningServer;
let fresh: RunningServer | undefined;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), fresh?.stop()]);
});

const card = (page: Page) => page.locator('[data-card="backups"]');

/** The record numbers an administrator lists on an installation. */
async function recordNumbers(url: string): Promise<string[]> {
  const admin = await apiLogin(url, 'admin@demo.lab');
  const answer = (await send(
    url,
    'GET',
    '/api/get-records?page_number=1&number_of_records=100',
    undefined,
    admin,
  )) as {
    data: Array<{ record_number: string }>;
  };
  return answer.data.map((row) => row.record_number).sort();
}

describe('backups', () => {
  it('makes, lists and downloads a backup, and a fresh installation restored from it opens', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab', '/fr/data-management');
    await card(page).waitFor();
    expect(await card(page).locator('[data-backup-key]').getAttribute('data-backup-key')).toBe('unset');

    // No passphrase yet: making a backup asks for one first, typed twice.
    await card(page).locator('[data-action="add-backup"]').click();
    await page.locator('[data-field="backup-passphrase"]').fill(PASSPHRASE);
    await page.locator('[data-field="backup-passphrase-again"]').fill(PASSPHRASE);
    await page.locator('[data-action="set-backup-passphrase"]').click();
    await waitForToast(page, 'Sauvegarde faite et vérifiée');

    const row = card(page).locator('[data-table="backups"] tbody tr').first();
    await row.waitFor();
    const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date());
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[0]).toContain(today);
    expect(cells[1]).toMatch(/^\d+(,\d+)? (ko|Mo)$/);
    await screenshot(page, 'backups-fr-light-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.locator('[data-action="download-backup"]').click(),
    ]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sil-backup-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(statSync(file).size).toBeGreaterThan(1000);

    // A fresh installation: an empty database, the laboratory put back by the command line.
    const installation = mkdtempSync(path.join(tmpdir(), 'sil-e2e-fresh-'));
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    const restored = await run(tsx, ['packages/server/src/backup-cli.ts', 'restore', file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: installation, BACKUP_PASSPHRASE: PASSPHRASE, LOG_LEVEL: 'warn' },
      timeout: 120_000,
    });
    // Every part of the manifest counted and written: the command prints them side by side.
    const records = restored.stdout.split('\n').find((line) => line.startsWith('records: '));
    expect(records).toMatch(/^records: (\d+) in the backup, \1 written, 0 already there$/);

    fresh = await startServer({ SEED_DEMO: 'false' }, { dataDir: installation });
    const before = await recordNumbers(server.url);
    expect(before.length).toBeGreaterThan(0);
    expect(await recordNumbers(fresh.url)).toEqual(before);

    // The administrator logs in to the restored installation and finds the backup's key and records.
    const restoredPage = await newPage(browser);
    await signIn(restoredPage, fresh.url, 'admin@demo.lab', '/fr/table/records');
    await restoredPage.locator(`text=${before[0]}`).first().waitFor();
  });
});
