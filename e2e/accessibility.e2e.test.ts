import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage } from './browser.js';
import { glycemiaToValidate, setUpGlycemia, validateAll } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * axe-core on the main screens: no critical and no serious violation (issue 40). Each screen is
 * checked once it has drawn what a user reads on it, in French and light, at desktop width; the
 * themes and widths are the screenshots' concern.
 */
const AXE_SOURCE: string = createRequire(import.meta.url)('axe-core').source;

const baseUrl = sharedServerUrl();
let browser: Browser;
let recordId = '';
let sampleNumber = '';
/** A validated record of the demo prescriber whose glucose is high: the portal's highlighted line. */
const portal = { surname: '', number: '' };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The critical and serious violations axe finds on the page as it is now, with where they are. */
async function violations(page: Page): Promise<Violation[]> {
  // Evaluated through the browser's protocol: the screens' policy refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = Reflect.get(window, 'axe') as {
      run: (
        context: Document,
        options: object,
      ) => Promise<{
        violations: Array<{
          id: string;
          impact: string | null;
          help: string;
          nodes: Array<{ target: unknown[] }>;
        }>;
      }>;
    };
    const found = await axe.run(document, { resultTypes: ['violations'] });
    return found.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const headers = await apiLogin(baseUrl, 'biologiste@demo.lab');
  const answer = await fetch(`${baseUrl}/api/get-records?page_number=1&number_of_records=50`, { headers });
  const { data } = (await answer.json()) as {
    data: Array<{ record_id: string; record_status: number }>;
  };
  const record = data.find((row) => row.record_status === 3) ?? data[0];
  if (!record) throw new Error('no demo record');
  recordId = record.record_id;
  // A sample of its own, still open to typing, whose glucose has a range: earlier journeys on the
  // same server may have completed the demo samples or left ones whose parameters have none.
  const admin = await apiLogin(baseUrl, 'admin@demo.lab');
  const glycemia = await setUpGlycemia(baseUrl, admin, `AX${Date.now().toString(36).toUpperCase()}`);
  const created = (await send(
    baseUrl,
    'POST',
    '/api/add-patient',
    {
      patient_name: 'Inès',
      patient_surname: 'Accessible',
      patient_gender: 'F',
      patient_dob: '1980-02-14',
      record_selected_analyses: [{ combination: 1, analysis_ids: [glycemia.analysisId] }],
    },
    admin,
  )) as { samples: Array<{ sample_number: string }> };
  sampleNumber = created.samples[0]?.sample_number ?? '';
  const prescriber = (await send(
    baseUrl,
    'GET',
    '/api/get-user-data',
    undefined,
    await apiLogin(baseUrl, 'prescripteur@demo.lab'),
  )) as { rights: { prescriber_id: string } };
  portal.surname = `PORTAIL${Date.now().toString(36).toUpperCase()}`;
  const high = await glycemiaToValidate(
    baseUrl,
    admin,
    glycemia,
    { patient_surname: portal.surname, record_prescriber: prescriber.rights.prescriber_id },
    1.26,
  );
  await validateAll(baseUrl, headers, high);
  portal.number = high.number;
});

/** The prescriber portal's record dialog opened on the high glucose, its results drawn. */
async function openPortalResults(page: Page): Promise<void> {
  await page.locator('[data-row-id]', { hasText: portal.surname }).first().click();
  await page.locator('[data-testid="validated-results"] [data-abnormal="true"]').first().waitFor();
}
afterAll(() => browser?.close());

/** A screen: who opens it, where, and what shows it has drawn. */
const SCREENS: Array<{
  name: string;
  user: string | null;
  path: () => string;
  ready: string;
  open?: (page: Page) => Promise<void>;
  /** Checked in this scheme and at this width instead of light at desktop width. */
  scheme?: 'dark';
  width?: number;
}> = [
  { name: 'login', user: null, path: () => '/fr/', ready: 'form' },
  { name: 'online report', user: null, path: () => '/fr/online-report', ready: 'form' },
  { name: 'dashboard', user: 'biologiste@demo.lab', path: () => '/fr/dashboard', ready: 'main h1' },
  {
    name: 'records table',
    user: 'secretariat@demo.lab',
    path: () => '/fr/table/records',
    ready: '[data-row-id]',
  },
  {
    name: 'record page',
    user: 'biologiste@demo.lab',
    path: () => `/fr/preview-record/${recordId}`,
    ready: 'main h1',
  },
  { name: 'record wizard', user: 'secretariat@demo.lab', path: () => '/fr/form/records', ready: 'main h1' },
  {
    name: 'results grid',
    user: 'technicien@demo.lab',
    path: () => `/fr/table/techniques?${new URLSearchParams({ search: sampleNumber })}`,
    ready: '[data-row-id]',
    open: async (page) => {
      await page.locator('[data-row-id]').first().click();
      const first = page.getByRole('dialog').locator('input[data-result]').first();
      // A value far out of its range, unsaved: its flag and warning are read as well.
      await first.fill('999');
      await page.getByRole('dialog').locator('[data-testid="out-of-range"], [data-flag]').first().waitFor();
    },
  },
  { name: 'validation', user: 'biologiste@demo.lab', path: () => '/fr/validate-record', ready: 'main h1' },
  { name: 'import', user: 'technicien@demo.lab', path: () => '/fr/import', ready: 'main h1' },
  { name: 'prescriber portal', user: 'prescripteur@demo.lab', path: () => '/fr/', ready: 'main h1' },
  // Its record dialog with the validated results (issue 40): the abnormal line's highlight is
  // measured in both schemes, the table on a wide screen and the blocks on a phone.
  ...(
    [
      { scheme: undefined, width: undefined },
      { scheme: 'dark', width: undefined },
      { scheme: 'dark', width: 375 },
    ] as const
  ).map(({ scheme, width }) => ({
    name: `prescriber portal results${scheme ? `, ${scheme}` : ''}${width ? `, ${width} px` : ''}`,
    user: 'prescripteur@demo.lab',
    path: () => `/fr/table/doctors?${new URLSearchParams({ search: portal.surname })}`,
    ready: '[data-row-id]',
    open: openPortalResults,
    scheme,
    width,
  })),
  { name: 'settings', user: 'admin@demo.lab', path: () => '/fr/information', ready: 'main h1' },
];

describe('accessibility of the main screens (axe-core)', () => {
  for (const screen of SCREENS) {
    it(`${screen.name}: no critical or serious violation`, async () => {
      const page = await newPage(
        browser,
        screen.width ? { viewport: { width: screen.width, height: 812 } } : {},
      );
      if (screen.user) await signIn(page, baseUrl, screen.user, screen.path());
      else await page.goto(`${baseUrl}${screen.path()}`);
      await page.locator(screen.ready).first().waitFor();
      await screen.open?.(page);
      // The page's own loading is over: its progress bar gone, its lists drawn.
      await page.waitForLoadState('networkidle');
      if (screen.scheme)
        await page.evaluate(
          (scheme) => document.documentElement.setAttribute('data-mantine-color-scheme', scheme),
          screen.scheme,
        );
      const found = await violations(page);
      expect(found, JSON.stringify(found)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('the prescriber portal’s results dialog', () => {
  it('is named by its title, keeps the focus inside, closes by a named button and heads its columns', async () => {
    const page = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      'prescripteur@demo.lab',
      `/fr/table/doctors?${new URLSearchParams({ search: portal.surname })}`,
    );
    await openPortalResults(page);
    // Announced by its title: the record's number.
    const dialog = page.getByRole('dialog', { name: `Dossier ${portal.number}` });
    await dialog.waitFor();
    // The focus goes round inside the dialog, never to the page behind it.
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    // The results table is named by its block's title and each column by its header.
    const table = dialog.getByRole('table', { name: 'Résultats validés' });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'Analyse',
      'Paramètre',
      'Résultat',
      'Valeurs de référence',
      'Alertes',
      'Antériorité',
    ]);
    expect(await table.locator('th[scope="col"]').count()).toBe(6);
    // Closed by its named button, the focus back on the page.
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
