import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { DatabaseKind, Figure } from './figures.js';

const WEB_INDEX = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/web/dist/index.html',
);

interface Visit {
  /** From asking for the page to the login form taking input. */
  usableMs: number;
  transferredBytes: number;
  scriptTransferredBytes: number;
}

/**
 * Opens the login page in Debian's Chromium, as a first visit (empty cache) and as a return visit
 * (same browser profile), and measures the bytes on the wire (compressed, as the server sends them)
 * and the time until the e-mail field can be typed in.
 */
export async function measureLoginFirstLoad(baseUrl: string, database: DatabaseKind): Promise<Figure> {
  if (!existsSync(WEB_INDEX)) throw new Error('the web app is not built (npm run build)');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const visit = async (): Promise<Visit> => {
      const started = performance.now();
      await page.goto(`${baseUrl}/fr/`);
      await page.locator('input[type="email"]:enabled').waitFor();
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
        for (const entry of entries) {
          all += entry.transferSize;
          if (entry.name.endsWith('.js')) scripts += entry.transferSize;
        }
        return { all, scripts };
      });
      return { usableMs, transferredBytes: sizes.all, scriptTransferredBytes: sizes.scripts };
    };
    const first = await visit();
    const again = await visit();
    return {
      figure: 'login_page_first_load',
      database,
      value: first.usableMs,
      unit: 'ms',
      transferred_bytes: first.transferredBytes,
      script_transferred_bytes: first.scriptTransferredBytes,
      return_visit_ms: again.usableMs,
      return_visit_transferred_bytes: again.transferredBytes,
    };
  } finally {
    await browser.close();
  }
}
