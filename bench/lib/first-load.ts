import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { fillLogin, launchBrowser } from '../../e2e/browser.js';
import { gzippedScriptBytes, SCRIPT_BUDGET_BYTES, WEB_DIST } from '../../e2e/script-budget.js';
import type { DatabaseKind, Figure } from './figures.js';
import { DEMO_ADMIN_EMAIL } from './http.js';

const WEB_INDEX = path.join(WEB_DIST, 'index.html');

interface Visit {
  /** From asking for the page to the page taking input (login) or showing its figures (dashboard). */
  usableMs: number;
  transferredBytes: number;
  scriptTransferredBytes: number;
  /** The same scripts as the budget counts them: the gzipped sizes of the built files. */
  scriptGzipBytes: number;
}

/**
 * Opens `url` and waits until `usable` is visible; measures the bytes on the wire (compressed as the
 * server sends them to Chromium, brotli, headers included) of the document and of everything it
 * fetched until then, and the gzipped size of those scripts, which the budget counts.
 */
async function visit(page: Page, url: string, usable: string): Promise<Visit> {
  const started = performance.now();
  await page.goto(url);
  await page.locator(usable).first().waitFor();
  const usableMs = Math.round(performance.now() - started);
  const sizes = await page.evaluate(() => {
    // Runs in the page, whose performance entries carry transferSize (the bench compiles
    // without the DOM's types, hence the shape spelled out).
    type Entry = { name: string; transferSize: number };
    const timing = performance as unknown as { getEntriesByType(type: string): Entry[] };
    const entries = [...timing.getEntriesByType('navigation'), ...timing.getEntriesByType('resource')];
    // No named function in here: tsx wraps those in a helper the page does not have (__name).
    let all = 0;
    let scripts = 0;
    const scriptPaths: string[] = [];
    for (const entry of entries) {
      all += entry.transferSize;
      if (!entry.name.endsWith('.js')) continue;
      scripts += entry.transferSize;
      scriptPaths.push(new URL(entry.name).pathname);
    }
    return { all, scripts, scriptPaths };
  });
  return {
    usableMs,
    transferredBytes: sizes.all,
    scriptTransferredBytes: sizes.scripts,
    scriptGzipBytes: gzippedScriptBytes(sizes.scriptPaths),
  };
}

function firstLoadFigure(figure: string, database: DatabaseKind, first: Visit, again: Visit): Figure {
  return {
    figure,
    database,
    value: first.usableMs,
    unit: 'ms',
    transferred_bytes: first.transferredBytes,
    script_transferred_bytes: first.scriptTransferredBytes,
    script_gzip_bytes: first.scriptGzipBytes,
    script_budget_bytes: SCRIPT_BUDGET_BYTES,
    meets: first.scriptGzipBytes <= SCRIPT_BUDGET_BYTES,
    return_visit_ms: again.usableMs,
    return_visit_transferred_bytes: again.transferredBytes,
  };
}

const LOGIN_USABLE = 'input[type="email"]:enabled';
/** The dashboard is usable once its counters hold the laboratory's figures. */
const DASHBOARD_USABLE = '[data-testid="today-in-progress-value"]';

async function logIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/fr/`);
  await fillLogin(page, DEMO_ADMIN_EMAIL);
  await page.locator(DASHBOARD_USABLE).waitFor();
}

/**
 * Opens the login page and the dashboard in Debian's Chromium, each as a first visit (empty cache)
 * and as a return visit (same browser profile). The dashboard's first visit is a new browser profile
 * holding only the session of an earlier login (as after the cache was cleared), so that none of
 * its scripts comes from the cache.
 */
export async function measureFirstLoads(baseUrl: string, database: DatabaseKind): Promise<Figure[]> {
  if (!existsSync(WEB_INDEX)) throw new Error('the web app is not built (npm run build)');
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const newContext = async (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) => {
    const context = await browser.newContext({ locale: 'fr-FR', storageState });
    contexts.push(context);
    return context;
  };
  try {
    const loginPage = await (await newContext()).newPage();
    const login = `${baseUrl}/fr/`;
    const loginFirst = await visit(loginPage, login, LOGIN_USABLE);
    const loginAgain = await visit(loginPage, login, LOGIN_USABLE);

    await logIn(loginPage, baseUrl);
    const session = await loginPage.context().storageState();
    const dashboardPage = await (await newContext(session)).newPage();
    const dashboard = `${baseUrl}/fr/dashboard`;
    const dashboardFirst = await visit(dashboardPage, dashboard, DASHBOARD_USABLE);
    const dashboardAgain = await visit(dashboardPage, dashboard, DASHBOARD_USABLE);
    return [
      firstLoadFigure('login_page_first_load', database, loginFirst, loginAgain),
      firstLoadFigure('dashboard_first_load', database, dashboardFirst, dashboardAgain),
    ];
  } finally {
    await Promise.allSettled(contexts.map((context) => context.close()));
    await browser.close();
  }
}
