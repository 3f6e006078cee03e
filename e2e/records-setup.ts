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
 * tubes (the first analysis in EDTA, the others in a dry tube) and visible analyses, by name, each
 * measuring a parameter of its own.
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
    // An orderable analysis measures at least one parameter (issue 40): each its own, named apart
    // from the analysis so that a search for the analysis's name never finds it (reference tables).
    const parameter = idOf(
      await send(
        baseUrl,
        'POST',
        '/api/add-parameter',
        { parameter_name: `Mesure ${index + 1} ${stamp}` },
        admin,
      ),
      'parameter_id',
    );
    const answer = await send(
      baseUrl,
      'POST',
      '/api/add-analysis',
      {
        analysis_name: name,
        analysis_matrix: blood,
        analysis_sample_type: index === 0 ? edta : dry,
        analysis_parameters: [parameter],
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

/** The glycemia analysis of the report journeys: its glucose parameter and its name. */
export interface Glycemia {
  analysisId: string;
  analysisName: string;
  glucoseId: string;
}

/**
 * Blood drawn in a dry tube, a glucose in g/L with two decimals and a 0.70–1.10 range, and the
 * visible glycemia analysis that measures it; `glucose` adds fields to the parameter (code, LOINC).
 */
export async function setUpGlycemia(
  baseUrl: string,
  admin: Record<string, string>,
  stamp: string,
  glucose: Record<string, unknown> = {},
): Promise<Glycemia> {
  const made = async (path: string, body: unknown, field: string) =>
    idOf(await send(baseUrl, 'POST', path, body, admin), field);
  const blood = await made('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const dry = await made('/api/add-sampletype', { sample_type_name: `Tube sec ${stamp}` }, 'sample_type_id');
  const glucoseId = await made(
    '/api/add-parameter',
    {
      parameter_name: `Glucose ${stamp}`,
      parameter_unit: 'g/L',
      parameter_decimals: 2,
      parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
      ...glucose,
    },
    'parameter_id',
  );
  const analysisName = `Glycémie ${stamp}`;
  const analysisId = await made(
    '/api/add-analysis',
    {
      analysis_name: analysisName,
      analysis_matrix: blood,
      analysis_sample_type: dry,
      analysis_parameters: [glucoseId],
      analysis_visible: true,
    },
    'analysis_id',
  );
  return { analysisId, analysisName, glucoseId };
}

/** A record as the bench leaves it: registered, its glucose entered, received, samples to validate. */
export interface RecordToValidate {
  id: string;
  number: string;
  samples: string[];
}

/**
 * Registers Claire (born 1971-06-03, or as `fields` say) with a glycemia, enters `glucose` g/L,
 * receives the record and puts its samples up for validation, as the administrator.
 */
export async function glycemiaToValidate(
  baseUrl: string,
  admin: Record<string, string>,
  glycemia: Glycemia,
  fields: Record<string, unknown> & { patient_surname: string },
  glucose = 1.32,
): Promise<RecordToValidate> {
  const api = (method: string, path: string, body: unknown) => send(baseUrl, method, path, body, admin);
  const answer = (await api('POST', '/api/add-patient', {
    patient_name: 'Claire',
    patient_gender: 'F',
    patient_dob: '1971-06-03',
    ...fields,
    record_selected_analyses: [{ combination: 1, analysis_ids: [glycemia.analysisId] }],
  })) as { record_id: string; record_number: string; samples: Array<{ sample_id: string }> };
  const samples = answer.samples.map((sample) => sample.sample_id);
  for (const sampleId of samples)
    await api('PUT', '/api/update-sample-results', {
      sample_id: sampleId,
      results: [{ parameter_id: glycemia.glucoseId, result_value: glucose }],
    });
  await api('PUT', '/api/receive-record', { record_id: answer.record_id });
  for (const sampleId of samples)
    await api('PUT', '/api/update-sample-status', { sample_id: sampleId, sample_status: 3 });
  return { id: answer.record_id, number: answer.record_number, samples };
}

/** Validates every sample of the record, as `biologist` (a user with the validation right). */
export async function validateAll(
  baseUrl: string,
  biologist: Record<string, string>,
  record: RecordToValidate,
): Promise<void> {
  await send(
    baseUrl,
    'PUT',
    '/api/validate-record',
    { record_id: record.id, sample_ids: record.samples },
    biologist,
  );
}

/**
 * Cancels every record waiting for validation but `kept`, as `admin`: a validation journey on its
 * own server then reads a queue of its own records only.
 */
export async function setAsideWaitingRecords(
  baseUrl: string,
  admin: Record<string, string>,
  kept: ReadonlySet<string> = new Set(),
): Promise<void> {
  const api = (method: string, path: string, body?: unknown) => send(baseUrl, method, path, body, admin);
  const waiting = (await api('GET', '/api/get-records-to-validate')) as Array<{ record_id: string }>;
  for (const { record_id } of waiting) {
    if (kept.has(record_id)) continue;
    const [record] = (await api('GET', `/api/get-record?record_id=${record_id}`)) as Array<{
      record_last_updated: string;
    }>;
    await api('PUT', '/api/cancel-record', {
      record_id,
      record_last_updated: record?.record_last_updated,
      record_annulment_explanation: 'Hors parcours de validation',
      replace: false,
    });
  }
}
