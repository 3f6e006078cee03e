import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, errors, type Page } from 'playwright-core';
import { watchContext } from './page-log.js';

export const DEMO_PASSWORD = 'Demo-2026!';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'test-results', 'screenshots');

/**
 * Debian's Chromium, never a downloaded browser (ARCHITECTURE.md): its headless shell when installed
 * (package chromium-headless-shell, the same engine without the desktop browser around it), which
 * opens a context, a page and a login with about a third of the processor time of chromium itself
 * (decision 0035). The shell has no PDF viewer: a journey that opens a PDF in a tab asks for the
 * whole browser (`pdfViewer`).
 */
function chromiumPath({ pdfViewer = false } = {}): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return !pdfViewer && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}

export function launchBrowser(options: { pdfViewer?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(options),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A fresh browser profile (empty storage) with a French browser unless told otherwise, whose system
 * asks for less motion: the screens end the same, without the frames of their transitions drawn on
 * the way (about a tenth of a browser's work on a page just opened; the motion itself is unit-tested).
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    ...options,
  });
  watchContext(context);
  return context.newPage();
}

export async function fillLogin(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Logs in from the login page of `locale` and waits for the page the user lands on. */
export async function login(page: Page, baseUrl: string, email: string, locale = 'fr'): Promise<void> {
  await page.goto(`${baseUrl}/${locale}/`);
  await fillLogin(page, email);
  await page.waitForURL((url) => url.pathname !== `/${locale}/` && url.pathname !== `/${locale}`);
}

/** Ids of the visible menu entries, in order (`data-menu-id`), dropdown children included. */
export async function menuIds(page: Page): Promise<string[]> {
  const nav = page.locator('nav').first();
  await nav.locator('[data-menu-id]').first().waitFor();
  return nav
    .locator('[data-menu-id]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-menu-id') ?? ''));
}

/**
 * Resolves once no transition runs (side bar, toasts, menus), so that a picture, a contrast or a
 * width is what a user sees; at most `limitMs`, after which the page is taken as it is. Indicators
 * are not waited for: loaders loop forever and the page's progress bar fills over 3.5 s. Two frames
 * first: a transition a click just asked for starts on the next frame.
 */
export async function transitionsSettled(page: Page, limitMs = 1000): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page
    .waitForFunction(
      (longestMs) =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              Number(animation.effect?.getComputedTiming().endTime) > longestMs,
          ),
      limitMs,
      { timeout: limitMs, polling: 'raf' },
    )
    .catch((error: unknown) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
    });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await transitionsSettled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Runs `shoot` with the page drawn in `scheme`, then puts the page's own scheme back, without saving
 * the user's preference (the menu that toggles it would close an open grid or dialog): Mantine's
 * colours follow the attribute on the page's root.
 */
export async function inScheme(page: Page, scheme: 'light' | 'dark', shoot: () => Promise<void>) {
  const set = (value: string) =>
    page.evaluate(
      (wanted) => document.documentElement.setAttribute('data-mantine-color-scheme', wanted),
      value,
    );
  const before = (await page.locator('html').getAttribute('data-mantine-color-scheme')) ?? 'light';
  await set(scheme);
  await shoot();
  await set(before);
}

/** Texts of the toasts on screen, top to bottom. */
export function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.mantine-Notification-root').allInnerTexts();
}

/** Clicks the theme entry of the desktop menu (inside the Accounts dropdown for staff). */
export async function toggleTheme(page: Page): Promise<void> {
  const nav = page.locator('nav').first();
  await nav.hover();
  const theme = nav.locator('[data-menu-id="theme"]');
  if (!(await theme.isVisible())) await nav.locator('[data-menu-id="accounts"]').click();
  // The user's saved theme arrives with the session (other journeys change the same demo user's):
  // read the scheme once it has been applied, or the click may only restore the one read.
  await page.waitForLoadState('networkidle');
  const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
  const before = await scheme();
  const changed = (timeout: number) =>
    page
      .waitForFunction(
        (previous) => document.documentElement.getAttribute('data-mantine-color-scheme') !== previous,
        before,
        { timeout },
      )
      .then(
        () => true,
        () => false,
      );
  await theme.click();
  // Twice on the slow CI machine the first click changed nothing for 30 s (just after the width
  // went from 375 to 1280 px, the Accounts entries unfolding). Clicked again only if the scheme is
  // still the one read, so that a late first click is never undone; the picture of a miss is kept.
  if (!(await changed(5000)) && (await scheme()) === before) {
    await screenshot(page, 'toggle-theme-missed');
    await theme.click();
    if (!(await changed(20_000)))
      throw new Error(`The theme entry was clicked twice and the scheme stayed '${before}'`);
  }
  // The preference is saved on the server too; wait for it so the next login sees it.
  await page.waitForLoadState('networkidle');
}

/**
 * Brings the signed-in user's theme to the one wanted, whatever another journey left saved for the
 * same demo user: toggles only when the scheme on screen differs.
 */
export async function setTheme(page: Page, wanted: 'light' | 'dark'): Promise<void> {
  await page.waitForLoadState('networkidle');
  if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) !== wanted)
    await toggleTheme(page);
}

/** The tab title is set by an effect after the address changes: wait for it rather than read it at once. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  try {
    await page.waitForFunction((expected) => document.title === expected, title, { timeout: 5000 });
  } catch {
    throw new Error(`Tab title is '${await page.title()}', expected '${title}'`);
  }
}

/** Unfolds the filters of a table page (they fold behind the 'Filtres (n)' button of its toolbar). */
export async function openFilters(page: Page): Promise<void> {
  const toggle = page.locator('[data-action="filters"]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Resolves once the page has had no request in flight for `quietMs`, as 'networkidle' after a load. */
export function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  return new Promise((resolve) => {
    let inFlight = 0;
    const done = () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      resolve();
    };
    let timer = setTimeout(done, quietMs);
    const started = () => {
      inFlight += 1;
      clearTimeout(timer);
    };
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0) return;
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  });
}

/**
 * Opens `path` inside the app already on screen, through the router's history as the browser's
 * back and forward buttons do, then waits for the new screen's heading (it must differ from the
 * last one's) and for its calls to end. A full load (page.goto) costs a browser about 2 s of
 * processor on a two-core machine, compiling the app again: most of what a journey's screen costs.
 * Journeys about loading a page (routing, first load) keep page.goto.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const quiet = networkQuiet(page);
  const before = await page.evaluate((to) => {
    const heading = document.querySelector('main h1')?.textContent ?? null;
    const samePath = window.location.pathname === new URL(to, window.location.href).pathname;
    // The entry the router's own navigations push: a new key, the next index.
    const previous = (window.history.state ?? {}) as { idx?: number };
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (previous.idx ?? 0) + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
    return { heading, samePath };
  }, path);
  if (before.heading !== null && !before.samePath) {
    await page.waitForFunction((old) => {
      const heading = document.querySelector('main h1');
      return heading !== null && heading.textContent !== old;
    }, before.heading);
  }
  await quiet;
}
