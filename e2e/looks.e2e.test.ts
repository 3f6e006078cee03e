import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import {
  fillLogin,
  launchBrowser,
  newPage,
  openFilters,
  openInApp,
  screenshot,
  toastTexts,
  transitionsSettled,
} from './browser.js';
import { lowContrastTexts, overflowing, statusBadges } from './looks-measure.js';
import { idOf, setUpCatalogue } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Words and looks (issue 12): status badges readable (4.5:1) and apart in light, dark and
 * colour-blind mode, icons in colour-blind mode, no box overflowing on the main screens at phone
 * and desktop widths, sorting headers that tell the truth, empty tables that invite the first row,
 * the login's inline refusal and its single sign-on button on a phone. A laboratory of its own
 * (own server), so its tables start empty and its users' preferences concern no other journey.
 */
let server: RunningServer;
let browser: Browser;
let biologist: Record<string, string>;
const stamp = Date.now().toString(36).toUpperCase();
const recordIds: string[] = [];

const WIDTHS = [1280, 375] as const;
const MODES = [
  { locale: 'fr', theme: 'light', colorBlind: false },
  { locale: 'en', theme: 'dark', colorBlind: false },
  { locale: 'fr', theme: 'dark', colorBlind: true },
  { locale: 'en', theme: 'light', colorBlind: true },
] as const;

async function samplesOf(recordId: string): Promise<string[]> {
  const [record] = (await (
    await fetch(`${server.url}/api/get-record?record_id=${recordId}`, { headers: biologist })
  ).json()) as Array<{ samples: Array<{ sample_id: string }> }>;
  return record?.samples.map((sample) => sample.sample_id) ?? [];
}

const moveSample = (sampleId: string | undefined, status: number, force = false) =>
  send(
    server.url,
    'PUT',
    '/api/update-sample-status',
    { sample_id: sampleId, sample_status: status, ...(force ? { force_save: true } : {}) },
    biologist,
  );

/** Records at every status the laboratory can reach without validation, samples at every step. */
async function recordsAtEachStatus(): Promise<void> {
  const admin = await apiLogin(server.url, 'admin@demo.lab');
  const names = [`NFS ${stamp}`, `Glycémie ${stamp}`];
  const catalogue = await setUpCatalogue(server.url, admin, stamp, names);
  const analyses = names.map((name) => catalogue.get(name)?.id ?? '');
  for (const [index, surname] of ['ARNAUD', 'BERTIN', 'CARON', 'DUMONT'].entries()) {
    const answer = await send(
      server.url,
      'POST',
      '/api/add-patient',
      {
        patient_surname: `${surname}${stamp}`,
        patient_name: 'Léa',
        patient_gender: 'F',
        patient_dob: `198${index}-03-14`,
        record_prescription_date: '2026-01-10',
        record_selected_analyses: [{ combination: 1, analysis_ids: analyses }],
      },
      admin,
    );
    recordIds.push(idOf(answer, 'record_id'));
  }
  const [, registered, processing, pending] = recordIds;
  for (const id of [registered, processing, pending])
    await send(server.url, 'PUT', '/api/receive-record', { record_id: id }, biologist);
  const [prepared, injected] = await samplesOf(processing ?? '');
  await moveSample(prepared, 1);
  await moveSample(injected, 2);
  const [removed, validated] = await samplesOf(pending ?? '');
  // No results are entered: both are completed knowingly, and validation alone validates one.
  await moveSample(removed, 3, true);
  await moveSample(validated, 3, true);
  await send(
    server.url,
    'PUT',
    '/api/validate-record',
    { record_id: pending, sample_ids: [validated] },
    biologist,
  );
}

/** The biologist's appearance, saved on the server so the session applies it at login. */
async function logInAs(page: Page, mode: (typeof MODES)[number]): Promise<void> {
  await send(
    server.url,
    'PUT',
    '/api/update-user-preferences',
    { theme: mode.theme, color_blind: mode.colorBlind, locale: mode.locale },
    biologist,
  );
  await signIn(page, server.url, 'biologiste@demo.lab', `/${mode.locale}/`);
  await page.waitForFunction(
    ({ theme, colorBlind }) =>
      document.documentElement.getAttribute('data-mantine-color-scheme') === theme &&
      document.documentElement.dataset.colorBlind === String(colorBlind),
    { theme: mode.theme, colorBlind: mode.colorBlind },
  );
}

/** A table of the app on screen (a user's session opened first). */
async function openTable(page: Page, locale: string, table: string): Promise<void> {
  await openInApp(page, `/${locale}/table/${table}`);
  await page.locator('[data-testid="table-toolbar"]').waitFor();
}

beforeAll(async () => {
  // The empty-table invitations need tables the demo leaves empty: demo users without its catalogue.
  server = await startServer({ SEED_DEMO_CATALOGUE: 'false' });
  browser = await launchBrowser();
  biologist = await apiLogin(server.url, 'biologiste@demo.lab');
  await recordsAtEachStatus();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('status badges', () => {
  it.each(MODES)(
    'read at 4.5:1, one colour per status, icons only in colour-blind mode ($locale, $theme, colour-blind $colorBlind)',
    async (mode) => {
      const name = `${mode.locale}-${mode.theme}${mode.colorBlind ? '-colour-blind' : ''}`;
      for (const width of WIDTHS) {
        const page = await newPage(browser, { viewport: { width, height: 900 } });
        await logInAs(page, mode);
        const seen: Awaited<ReturnType<typeof statusBadges>> = [];
        for (const table of ['records', 'techniques']) {
          await openTable(page, mode.locale, table);
          await page.locator('[data-status-kind]').first().waitFor();
          seen.push(...(await statusBadges(page)));
          await screenshot(page, `looks-${table}-${name}-${width}`);
        }
        // Records 0–3 and samples 0–4 exist in this laboratory: every one shows as a word.
        const shown = new Set(seen.map((badge) => `${badge.kind}:${badge.status}`));
        for (const status of [0, 1, 2, 3]) expect(shown).toContain(`record:${status}`);
        for (const status of [0, 1, 2, 3, 4]) expect(shown).toContain(`sample:${status}`);
        for (const badge of seen) {
          expect(
            badge.contrast,
            `${badge.text} ${badge.color} on ${badge.background}`,
          ).toBeGreaterThanOrEqual(4.5);
          expect(badge.text).not.toMatch(/^\d+$/);
          expect(badge.clipped, `${badge.text} is cut`).toBe(false);
          expect(badge.icon, `${badge.text}: icon`).toBe(mode.colorBlind);
        }
        for (const kind of ['record', 'sample']) {
          const colours = new Map<string, Set<string>>();
          for (const badge of seen.filter((candidate) => candidate.kind === kind))
            colours.set(badge.status, (colours.get(badge.status) ?? new Set()).add(badge.background));
          const firsts = [...colours.values()].map((set) => [...set][0]);
          expect(new Set(firsts).size, `${kind} colours ${JSON.stringify([...colours])}`).toBe(colours.size);
        }
        await page.context().close();
      }
    },
  );
});

describe('main screens at phone and desktop widths', () => {
  it.each(WIDTHS)('no element overflows its box at %i px', async (width) => {
    const page = await newPage(browser, { viewport: { width, height: 900 } });
    await page.goto(`${server.url}/fr/`);
    await page.locator('input[type="email"]').waitFor();
    expect(await overflowing(page), 'login').toEqual([]);
    await logInAs(page, MODES[0]);
    const screens = {
      dashboard: 'dashboard',
      records: 'table/records',
      samples: 'table/techniques',
      record: `preview-record/${recordIds[2]}`,
      wizard: 'form/records',
    };
    for (const [screen, path] of Object.entries(screens)) {
      await openInApp(page, `/fr/${path}`);
      await page.locator('main h1, main h2, main h3').first().waitFor();
      await transitionsSettled(page);
      expect(await overflowing(page), screen).toEqual([]);
    }
    await page.context().close();
  });
});

describe('text contrast', () => {
  it.each(MODES.slice(0, 2))(
    'every text of the login and the tables reads at 4.5:1 ($theme)',
    async (mode) => {
      const page = await newPage(browser);
      await page.goto(`${server.url}/${mode.locale}/`);
      await page.locator('input[type="email"]').waitFor();
      const found = (await lowContrastTexts(page)).map((text) => `login: ${text}`);
      await logInAs(page, mode);
      for (const table of ['records', 'techniques', 'analyses']) {
        await openTable(page, mode.locale, table);
        await openFilters(page);
        await transitionsSettled(page);
        found.push(...(await lowContrastTexts(page)).map((text) => `${table}: ${text}`));
      }
      expect(found).toEqual([]);
      await page.context().close();
    },
  );
});

describe('tables', () => {
  it('sort from their column headers, and the header says which way', async () => {
    const page = await newPage(browser);
    await logInAs(page, MODES[0]);
    await openTable(page, 'fr', 'records');
    const header = page.locator('th[data-column="record_number"]');
    const numbers = () => page.locator('tbody tr td:nth-child(2)').allInnerTexts();
    // The default sort (last change first) reads no column: no header claims it.
    expect(await header.getAttribute('aria-sort')).toBe('none');
    await header.locator('[data-sort-column]').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(numbers).toEqual([...(await numbers())].sort());
    expect(await header.locator('[data-sort-icon]').getAttribute('data-sort-icon')).toBe('ascending');
    await header.locator('[data-sort-column]').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(numbers).toEqual([...(await numbers())].sort().reverse());
    expect(await header.locator('[data-sort-icon]').getAttribute('data-sort-icon')).toBe('descending');
    // The sort control above the table follows the header.
    expect(await page.locator('[data-testid="table-order"] input:checked').getAttribute('value')).toBe(
      'DESC',
    );
    await page.context().close();
  });

  it('fold their filters behind one button that counts the filters set', async () => {
    const page = await newPage(browser);
    await logInAs(page, MODES[0]);
    await openTable(page, 'fr', 'records');
    const toolbar = page.locator('[data-testid="table-toolbar"]');
    // Measured again until the page has settled: on a loaded machine a first measure could fall
    // while the toolbar's buttons were still being laid out.
    const rowsOfToolbar = async () =>
      new Set(
        await toolbar
          .locator(':scope > *')
          .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top))),
      ).size;
    await expect.poll(rowsOfToolbar, { message: 'the toolbar is one row' }).toBe(1);
    expect(await page.locator('[data-filter="record_status"]').isVisible()).toBe(false);
    await openFilters(page);
    await page.locator('[data-filter="record_is_urgent"]').click();
    await page.getByRole('option', { name: 'Non' }).click();
    await expect.poll(() => page.locator('[data-action="filters"]').innerText()).toBe('Filtres (1)');
    await page.context().close();
  });

  it('invite to add the first row when empty, and say so only to who may add', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab');
    await openTable(page, 'fr', 'machines');
    const empty = page.locator('[data-testid="table-empty"]');
    await empty.getByText('Aucune ligne pour l’instant.').waitFor();
    await empty.locator('[data-action="add-first"]').click();
    await page.getByRole('dialog').getByText('Nouvel automate').waitFor();
    await screenshot(page, 'looks-empty-machines-fr');
    await page.context().close();

    const reader = await newPage(browser);
    await signIn(reader, server.url, 'technicien@demo.lab');
    await openTable(reader, 'fr', 'machines');
    await reader.locator('[data-testid="table-empty"]').waitFor();
    expect(await reader.locator('[data-action="add-first"]').count()).toBe(0);
    await reader.context().close();
  });
});

describe('login', () => {
  it('says a wrong password under the form, and in no toast beside it', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/fr/`);
    await fillLogin(page, 'biologiste@demo.lab', 'Mauvais-2026!');
    const inline = page.locator('[data-testid="login-error"]');
    await inline.waitFor();
    expect(await inline.innerText()).toContain('Identifiants incorrects');
    expect(await toastTexts(page)).toEqual([]);
    // The message sits under the form's button, where the eye is after a click.
    const button = await page.locator('form button[type="submit"]').boundingBox();
    const message = await inline.boundingBox();
    expect((message?.y ?? 0) > (button?.y ?? 0)).toBe(true);
    await page.context().close();
  });

  it('fits the Pro Santé Connect button inside a 375 px screen, in both languages', async () => {
    for (const locale of ['fr', 'en']) {
      const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
      await page.goto(`${server.url}/${locale}/`);
      const sso = page.locator('[data-action="sso"]');
      await sso.waitFor();
      const box = await sso.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
      expect(await sso.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      await screenshot(page, `looks-login-${locale}-375`);
      await page.context().close();
    }
  });
});
