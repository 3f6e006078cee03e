import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';

/**
 * What each open page of a journey went through (navigations, failed calls, errors in its console),
 * printed with what the page shows when a journey fails: a run's log is often all there is of a
 * failure that does not come back when run again.
 */

const KEPT_EVENTS = 40;
const SHOWN_TEXT = 1_200;
const FAILURES = path.resolve(import.meta.dirname, '..', 'test-results', 'failures');

/** The time of day to the millisecond, as the server's log lines are shown beside (server.ts). */
export const clock = (time: number) => new Date(time).toISOString().slice(11, 23);

interface PageLog {
  events: string[];
  /** Requests sent and not yet answered, with when they were sent. */
  pending: Map<Request, number>;
}

const openPages = new Map<Page, PageLog>();

function watchPage(page: Page): void {
  const log: PageLog = { events: [], pending: new Map() };
  openPages.set(page, log);
  const note = (event: string) => {
    log.events.push(`${clock(Date.now())} ${event}`);
    if (log.events.length > KEPT_EVENTS) log.events.shift();
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 300)}`));
  page.on('request', (request) => log.pending.set(request, Date.now()));
  page.on('requestfinished', (request) => log.pending.delete(request));
  page.on('requestfailed', (request) => {
    log.pending.delete(request);
    note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('close', () => openPages.delete(page));
}

/** Every page the context opens is watched, the first as those a journey opens from it. */
export function watchContext(context: BrowserContext): void {
  context.on('page', watchPage);
}

async function shownText(page: Page): Promise<string> {
  try {
    const text = await page.locator('body').innerText({ timeout: 2_000 });
    return text.replace(/\s+/g, ' ').slice(0, SHOWN_TEXT);
  } catch (error) {
    return `(unreadable: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

/** The open pages' addresses, texts and events, and a picture of each in test-results/failures. */
export async function describeOpenPages(testName: string): Promise<string> {
  const parts: string[] = [];
  let index = 0;
  mkdirSync(FAILURES, { recursive: true });
  for (const [page, log] of openPages) {
    index += 1;
    const picture = path.join(FAILURES, `${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index}.png`);
    await page.screenshot({ path: picture, timeout: 5_000 }).catch(() => undefined);
    parts.push(
      [
        `page ${index} at ${page.url()}`,
        `  shows: ${await shownText(page)}`,
        ...log.events.map((event) => `  ${event}`),
        ...[...log.pending].map(
          ([request, sentAt]) => `  ${clock(sentAt)} still waiting for ${request.method()} ${request.url()}`,
        ),
      ].join('\n'),
    );
  }
  return parts.length === 0 ? 'no page open' : parts.join('\n');
}
