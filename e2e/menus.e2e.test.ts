import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage, transitionsSettled } from './browser.js';
import { sharedServerUrl } from './shared-server.js';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Desktop menu ids in order, with every dropdown opened and its items listed right after it. */
async function fullMenu(page: Page): Promise<string[]> {
  const nav = page.locator('nav').first();
  await nav.hover();
  for (const group of ['settings', 'accounts', 'other']) {
    const button = nav.locator(`[data-menu-id="${group}"]`);
    if ((await button.count()) && (await button.getAttribute('data-expanded')) === null) await button.click();
  }
  await transitionsSettled(page);
  return nav
    .locator('[data-menu-id]:visible')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-menu-id') ?? ''));
}

const ADMIN = [
  'dashboard',
  'records',
  'prescribers',
  'techniques',
  'validation',
  'worklists',
  'deliveries',
  'ciq',
  'analysers',
  'reconciliation',
  'billing',
  'settings',
  'families',
  'machines',
  'agents',
  'matrices',
  'nabms',
  'sample_types',
  'parameters',
  'analyses',
  'collectors',
  'scan',
  'import',
  'data_management',
  'uploads',
  'accounts',
  'account',
  'users',
  'clinics',
  'security',
  'theme',
  'information',
  'other',
  'doctors',
  'external_records',
  'logout',
];

// Each demo user's menu follows from their type and permission levels (seeded demo laboratory).
const MENUS: Record<string, { home: string; menu: string[] }> = {
  'admin@demo.lab': { home: 'dashboard', menu: ADMIN },
  'biologiste@demo.lab': {
    home: 'dashboard',
    menu: ADMIN.filter((id) => !['users', 'billing'].includes(id)),
  },
  'technicien@demo.lab': {
    home: 'dashboard',
    menu: ADMIN.filter((id) => !['prescribers', 'users', 'clinics', 'validation', 'billing'].includes(id)),
  },
  'secretariat@demo.lab': {
    home: 'dashboard',
    menu: [
      'dashboard',
      'records',
      'prescribers',
      'deliveries',
      'billing',
      'settings',
      'families',
      'nabms',
      'analyses',
      'collectors',
      'scan',
      'import',
      'data_management',
      'uploads',
      'accounts',
      'account',
      'clinics',
      'security',
      'theme',
      'information',
      'other',
      'doctors',
      'external_records',
      'logout',
    ],
  },
  'clinique@demo.lab': {
    home: 'table/external_records',
    menu: [
      'external_records',
      'prescribers',
      'collectors',
      'uploads',
      'account',
      'security',
      'information',
      'theme',
      'logout',
    ],
  },
  'prescripteur@demo.lab': {
    home: 'table/doctors',
    menu: ['doctors', 'account', 'security', 'information', 'theme', 'logout'],
  },
};

describe('menus', () => {
  for (const [email, expected] of Object.entries(MENUS)) {
    it(`${email} lands on ${expected.home} and sees exactly its menu`, async () => {
      const page = await newPage(browser);
      await login(page, baseUrl, email);
      expect(new URL(page.url()).pathname).toBe(`/fr/${expected.home}`);
      expect(await fullMenu(page)).toEqual(expected.menu);
      await page.context().close();
    });
  }

  it('opens a menu item in a new tab on middle-click', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'admin@demo.lab');
    await page.locator('nav').first().hover();
    const opened = page.context().waitForEvent('page');
    await page.locator('[data-menu-id="records"]').click({ button: 'middle' });
    const tab = await opened;
    await tab.waitForURL(`${baseUrl}/fr/table/records`);
    await tab.locator('main h1', { hasText: 'Dossiers' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr/dashboard');
    await page.context().close();
  });

  it('widens the side bar from 65 to 300 px on hover', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'admin@demo.lab');
    const nav = page.locator('nav').first();
    await page.mouse.move(900, 400);
    await transitionsSettled(page);
    expect((await nav.boundingBox())?.width).toBe(65);
    await nav.hover();
    await page.waitForTimeout(300);
    expect((await nav.boundingBox())?.width).toBe(300);
    await page.context().close();
  });
});

describe('confinement of prescribers and external users', () => {
  it('keeps a prescriber inside the prescriber portal and the settings', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'prescripteur@demo.lab');
    for (const allowed of ['account', 'security', 'information', 'table/doctors']) {
      await page.goto(`${baseUrl}/fr/${allowed}`);
      await page.locator('main h1').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/fr/${allowed}`);
    }
    for (const refused of ['dashboard', 'table/records', 'uploads', 'table/external_records', 'scan', '']) {
      await page.goto(`${baseUrl}/fr/${refused}`);
      await page.waitForURL(`${baseUrl}/fr/table/doctors`);
    }
    await page.context().close();
  });

  it('keeps an external user inside the external portal', async () => {
    const page = await newPage(browser);
    await login(page, baseUrl, 'clinique@demo.lab');
    const allowed = [
      'account',
      'table/collectors',
      'table/prescribers',
      'form/external_records',
      'uploads',
      'preview-record/1',
      'table/external_records',
    ];
    for (const route of allowed) {
      await page.goto(`${baseUrl}/fr/${route}`);
      await page.locator('main h1').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/fr/${route}`);
    }
    for (const refused of [
      'dashboard',
      'table/records',
      'table/doctors',
      'form/records',
      'validate-record/1',
    ]) {
      await page.goto(`${baseUrl}/fr/${refused}`);
      await page.waitForURL(`${baseUrl}/fr/table/external_records`);
    }
    await page.context().close();
  });
});
