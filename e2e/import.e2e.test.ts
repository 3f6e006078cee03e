import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toggleTheme } from './browser.js';
import { choose, idOf, waitForToast } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * Instrument results import (issue 14): a technician chooses a file type, a machine and an
 * instrument export, reads the preview (values with their reading, lines left out with why),
 * confirms 'Import sample results' and the results are on the sample; the same file again
 * changes nothing and says so.
 */
const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36).toUpperCase();
const ids = { sample: '', number: '', sars: '', thc: '', machine: '' };
let browser: Browser;

beforeAll(async () => {
  const admin = await apiLogin(baseUrl, 'admin@demo.lab');
  const add = async (path: string, body: Record<string, unknown>, field: string) =>
    idOf(await send(baseUrl, 'POST', path, body, admin), field);
  const blood = await add('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const tube = await add('/api/add-sampletype', { sample_type_name: `Tube ${stamp}` }, 'sample_type_id');
  ids.sars = await add('/api/add-parameter', { parameter_name: `SARS-CoV-2 N ${stamp}` }, 'parameter_id');
  ids.thc = await add(
    '/api/add-parameter',
    {
      parameter_name: `THC-COOH ${stamp}`,
      parameter_unit: 'ng/mL',
      parameter_decimals: 1,
      parameter_ranges: [{ population: 'default', min: 0, max: 15 }],
    },
    'parameter_id',
  );
  const panel = await add(
    '/api/add-analysis',
    {
      analysis_name: `Dépistage ${stamp}`,
      analysis_matrix: blood,
      analysis_sample_type: tube,
      analysis_visible: true,
      analysis_parameters: [ids.sars, ids.thc],
    },
    'analysis_id',
  );
  ids.machine = await add(
    '/api/add-machine',
    { machine_name: `QuantStudio ${stamp}`, machine_code: `QS${stamp}` },
    'machine_id',
  );
  const created = await send(
    baseUrl,
    'POST',
    '/api/add-patient',
    {
      patient_surname: `IMPORT${stamp}`,
      patient_name: 'Marc',
      patient_gender: 'M',
      patient_dob: '1985-03-14',
      record_selected_analyses: [{ combination: 1, analysis_ids: [panel] }],
    },
    admin,
  );
  const first = (created as { samples: Array<{ sample_id: string; sample_number: string }> }).samples[0];
  ids.sample = first?.sample_id ?? '';
  ids.number = first?.sample_number ?? '';
  await send(
    baseUrl,
    'PUT',
    '/api/update-import-mappings',
    {
      file_type: 'covid19Pcr',
      machine_id: ids.machine,
      mappings: [{ instrument_code: 'N gene', parameter_id: ids.sars, pcr_cutoff: 38 }],
    },
    admin,
  );
  await send(
    baseUrl,
    'PUT',
    '/api/update-import-mappings',
    { file_type: 'thcCooh', mappings: [{ instrument_code: 'THC-COOH', parameter_id: ids.thc }] },
    admin,
  );
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const quantStudio = () =>
  [
    '* Instrument Type = QuantStudio 7 Flex',
    '',
    '[Results]',
    'Well\tWell Position\tOmit\tSample Name\tTarget Name\tTask\tReporter\tQuencher\tCT',
    `1\tA1\tfalse\t${ids.number}\tN gene\tUNKNOWN\tFAM\tNFQ-MGB\t24.318`,
    `2\tA2\tfalse\t${ids.number}\tRNase P\tUNKNOWN\tVIC\tNFQ-MGB\t27.002`,
    '3\tA3\tfalse\tNTC\tN gene\tNTC\tFAM\tNFQ-MGB\tUndetermined',
    '',
  ].join('\r\n');

const shimadzu = () =>
  [
    'ID#\t1',
    'Name\tTHC-COOH',
    '\tData Filename\tSample Name\tSample ID\tSample Type\tArea\tISTD Area\tConc.',
    `1\trun_01.lcd\t${ids.number}\t${ids.number}\tUnknown\t22810\t154200\t23.7`,
    '2\trun_02.lcd\tCAL 50\tCAL 50\tStandard\t60500\t153950\t50',
    '\tAverage\t\t\t\t41655\t154075\t36.85',
    '',
  ].join('\r\n');

async function chooseFile(page: Page, name: string, text: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(text, 'utf8'),
  });
}

async function resultsOfSample() {
  const technician = await apiLogin(baseUrl, 'technicien@demo.lab');
  const response = await fetch(`${baseUrl}/api/get-sample-results?sample_id=${ids.sample}`, {
    headers: technician,
  });
  const answer = (await response.json()) as {
    lines: Array<{
      parameter_id: string;
      result: { result_value: number | null; result_text: string | null } | null;
    }>;
  };
  return new Map(answer.lines.map((line) => [line.parameter_id, line.result]));
}

describe('instrument results import', () => {
  it('imports a qPCR run: preview, confirm, the result is on the sample (fr, light and dark)', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'technicien@demo.lab', '/fr/import');
    expect(await page.locator('main h1').textContent()).toBe('Import');
    await choose(page, 'file_type', 'PCR COVID-19');
    await choose(page, 'machine', `QuantStudio ${stamp}`);
    await chooseFile(page, 'run.txt', quantStudio());

    const preview = page.locator('[data-import-preview]');
    await preview.waitFor();
    const line = preview.locator(`[data-import-line="${ids.number}"]`);
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.innerText()).toContain('détecté');
    expect(await line.innerText()).toContain('24,318');
    expect(
      await preview
        .locator('[data-unmatched-reason]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-unmatched-reason'))),
    ).toEqual(['unknownCode', 'notASample']);
    expect(await preview.locator('[data-import-unmapped]').innerText()).toContain('RNase P');
    await page.mouse.move(900, 700);
    await screenshot(page, 'import-fr-light');
    await toggleTheme(page);
    await page.mouse.move(900, 700);
    await screenshot(page, 'import-fr-dark');
    await toggleTheme(page);

    await page.locator('[data-action="import-results"]').click();
    await waitForToast(page, 'Résultats des échantillons importés');
    const stored = await resultsOfSample();
    expect(stored.get(ids.sars)).toMatchObject({ result_text: 'détecté', result_value: 24.318 });
    // The preview is read again: the value is now the stored one.
    await expect.poll(() => line.innerText()).toMatch(/inchangé/i);
    await page.context().close();
  });

  it('imports an LC-MS/MS quant table, and the same file again changes nothing (en)', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, baseUrl, 'technicien@demo.lab', '/en/import');
    await choose(page, 'file_type', 'THC-COOH');
    await chooseFile(page, 'thc.txt', shimadzu());
    const preview = page.locator('[data-import-preview]');
    const line = preview.locator(`[data-import-line="${ids.number}"]`);
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.innerText()).toContain('23.7');
    // Badges are upper-cased by the theme.
    expect(await line.innerText()).toMatch(/high/i);
    expect(await preview.locator('[data-unmatched-reason="notASample"]').count()).toBe(1);
    await screenshot(page, 'import-en-light');
    await page.locator('[data-action="import-results"]').click();
    await waitForToast(page, 'Sample results imported');
    expect((await resultsOfSample()).get(ids.thc)).toMatchObject({ result_value: 23.7 });

    await page.locator('[data-import-already]').waitFor();
    await page.locator('[data-action="import-results"]').click();
    await waitForToast(page, 'File already imported: no result changed');
    await page.context().close();
  });

  it('names the line and the column of a file that is not what its type expects', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'technicien@demo.lab', '/fr/import');
    await choose(page, 'file_type', 'PCR COVID-19');
    await chooseFile(page, 'thc.txt', shimadzu());
    const refused = page.locator('[data-import-error]');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('Ligne 1, colonne « [Results] »');
    await page.context().close();
  });

  it('fits a phone (375 px) with the preview and the mapping', async () => {
    const page = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/import');
    await choose(page, 'file_type', 'PCR COVID-19');
    await choose(page, 'machine', `QuantStudio ${stamp}`);
    await chooseFile(page, 'run.txt', quantStudio());
    await page.locator(`[data-import-preview] [data-import-line="${ids.number}"]`).waitFor();
    await page.locator('[data-mapping-code="RNase P"]').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'import-fr-mobile');
    await page.context().close();
  });
});
