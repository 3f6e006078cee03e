import type { Page } from 'playwright-core';
import { send } from './api.js';

/** What the records journeys share: the laboratory's first catalogue and the wizard's gestures. */

export const idOf = (answer: unknown, field: string) => String(Reflect.get(Object(answer), field));

/** A NIR with its real key (97 − n mod 97) for the 13 first characters given. */
export const nirOf = (body: string) => `${body}${String(97 - Number(BigInt(body) % 97n)).padStart(2, '0')}`;

/** An analysis as created: its id, and its stamp for a later update. */
export interface CreatedAnalysis {
  id: string;
  stamp: string;
}

/**
 * What the laboratory configures first, through the API as the administrator: a sample type, two
 * tubes (the first analysis in EDTA, the others in a dry tube) and visible analyses, by name.
 */
export async function setUpCatalogue(
  baseUrl: string,
  admin: Record<string, string>,
  stamp: string,
  names: readonly string[],
): Promise<Map<string, CreatedAnalysis>> {
  // Blood is the matrix; the tubes it is drawn into are the sample types.
  const blood = idOf(
    await send(baseUrl, 'POST', '/api/add-matrix', { matrix_name: `Sang ${stamp}` }, admin),
    'matrix_id',
  );
  const edta = idOf(
    await send(baseUrl, 'POST', '/api/add-sampletype', { sample_type_name: `Tube EDTA ${stamp}` }, admin),
    'sample_type_id',
  );
  const dry = idOf(
    await send(baseUrl, 'POST', '/api/add-sampletype', { sample_type_name: `Tube sec ${stamp}` }, admin),
    'sample_type_id',
  );
  const analyses = new Map<string, CreatedAnalysis>();
  for (const [index, name] of names.entries()) {
    const answer = await send(
      baseUrl,
      'POST',
      '/api/add-analysis',
      {
        analysis_name: name,
        analysis_matrix: blood,
        analysis_sample_type: index === 0 ? edta : dry,
        analysis_visible: true,
      },
      admin,
    );
    analyses.set(name, { id: idOf(answer, 'analysis_id'), stamp: idOf(answer, 'analysis_last_updated') });
  }
  return analyses;
}

/** Picks a choice of a wizard select by its label. */
export async function choose(page: Page, field: string, option: string | RegExp): Promise<void> {
  await page.locator(`[data-field="${field}"]`).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** 'Suivant', then waits for the step named. */
export async function next(page: Page, step: string): Promise<void> {
  await page.locator('[data-action="next"]').click();
  await page.locator(`[data-step="${step}"]`).waitFor();
}

/** Waits for a toast holding `text`; when none comes, the error names the toasts there are. */
export async function waitForToast(page: Page, text: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForFunction(
      (expected) =>
        Array.from(document.querySelectorAll('.mantine-Notification-root')).some((n) =>
          n.textContent?.includes(expected),
        ),
      text,
      { timeout },
    );
  } catch {
    const shown = await page.locator('.mantine-Notification-root').allInnerTexts();
    throw new Error(`No toast '${text}' on ${page.url()}; toasts: ${JSON.stringify(shown)}`);
  }
}
