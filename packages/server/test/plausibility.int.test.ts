import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, results } from '../src/db/schema/index.js';
import { apiClient } from './client.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  multipart,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
interface Line {
  parameter_id: string;
  parameter_name: string;
  result: (Json & { result_value: number | null; result_last_updated: string }) | null;
  calculation_error: string | null;
  calculation_inputs: Array<{ parameter_code: string; value: number | null }> | null;
}
interface Answer {
  lines: Line[];
}
interface Catalogue {
  parameters: Map<string, Json>;
  analyses: Map<string, Json>;
}

/** Whole years between a birth date and today, as the formulas' `age` counts them. */
function ageToday(birth: string): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const now = new Date();
  let years = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) years -= 1;
  return years;
}

/**
 * Plausibility limits per parameter (issue 37, 'Impossible values are stored'): a measure outside
 * them is refused with outOfBounds on the bench, through the API and in instrument imports, and
 * nothing of it is written; the limits are checked when a parameter is saved and traced like any
 * other field. And the demo's eGFR is calculated from the record's creatinine, never typed again.
 */
describe.each(DATABASES)('plausibility limits and the demo eGFR on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let technician: Session;
  let secretary: Session;
  let catalogue: Catalogue;

  const parameterId = (code: string) => {
    const found = catalogue.parameters.get(code);
    if (!found) throw new Error(`no demo parameter ${code}`);
    return String(found.parameter_id);
  };
  const analysis = (name: string) => {
    const found = catalogue.analyses.get(name);
    if (!found) throw new Error(`no demo analysis ${name}`);
    return {
      analysis_id: String(found.analysis_id),
      analysis_sample_type: String(found.analysis_sample_type),
      analysis_matrix: String(found.analysis_matrix),
    };
  };
  /** A new patient's record of these analyses: its samples' ids and numbers. */
  const recordOf = async (surname: string, analysisIds: string[], patient: Json = {}) => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: surname,
        patient_name: 'Claire',
        patient_gender: 'F',
        patient_dob: '1984-05-12',
        ...patient,
        record_selected_analyses: [{ combination: 1, analysis_ids: analysisIds }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ samples: Array<{ sample_id: string; sample_number: string }> }>().samples;
  };
  const firstSample = async (surname: string, analysisIds: string[], patient: Json = {}) => {
    const [sample] = await recordOf(surname, analysisIds, patient);
    if (!sample) throw new Error('no sample');
    return sample;
  };
  const read = (sampleId: string) => apiClient(ctx.app, technician).getSampleResults({ sample_id: sampleId });
  const lineOf = (answer: Answer, id: string) => {
    const found = answer.lines.find((line) => line.parameter_id === id);
    if (!found) throw new Error(`no line for ${id}`);
    return found;
  };
  const save = (sampleId: string, lines: Json[]) =>
    call(ctx.app, technician, 'updateSampleResults', { body: { sample_id: sampleId, results: lines } });
  /** The rows of the results table for a sample, read directly: what was really written. */
  const storedRows = (sampleId: string) =>
    ctx.database.db.select().from(results).where(eq(results.result_sample, sampleId));
  const upload = (name: 'previewResultsImport' | 'importResults', text: string) =>
    apiClient(ctx.app, technician).send(
      name,
      multipart({ file_type: 'forwarding' }, { name: 'export.csv', bytes: Buffer.from(text, 'latin1') }),
    );

  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { demo: 'full' });
    admin = await login(ctx.app, 'admin@demo.lab');
    technician = await login(ctx.app, 'technicien@demo.lab');
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    const api = apiClient(ctx.app, admin);
    const all = { number_of_records: 500, page_number: 1 };
    const parameters = (await api.reference('parameters').list(all)).data;
    const analyses = (await api.reference('analyses').list(all)).data;
    catalogue = {
      parameters: new Map(parameters.map((row) => [String(row.parameter_code), row])),
      analyses: new Map(analyses.map((row) => [String(row.analysis_name), row])),
    };
  }, 180_000);
  afterAll(() => stopTestApp(ctx));

  it('gives the demo haemoglobin its plausibility limits, 0–30 g/dL', () => {
    expect(catalogue.parameters.get('HB')).toMatchObject({
      parameter_plausible_min: null,
      parameter_plausible_max: 30,
      parameter_lower_detection_limit: null,
    });
  });

  it('refuses a haemoglobin of −5 g/dL on the bench with outOfBounds naming the parameter and its bounds, writing nothing', async () => {
    const sample = await firstSample('Plausible-Banc', [analysis('NFS (hémogramme)').analysis_id]);
    const negative = await save(sample.sample_id, [
      { parameter_id: parameterId('GR'), result_value: 4.1 },
      { parameter_id: parameterId('HB'), result_value: -5 },
    ]);
    expect([negative.statusCode, codeOf(negative)]).toEqual([400, 'outOfBounds']);
    expect(negative.json<{ details: Json }>().details).toEqual({
      parameter_id: parameterId('HB'),
      parameter_name: 'Hémoglobine',
      value: -5,
      min: 0,
      max: 30,
      unit: 'g/dL',
    });
    // Grams per litre typed as grams per decilitre: above the plausible maximum.
    const tenfold = await save(sample.sample_id, [{ parameter_id: parameterId('HB'), result_value: 135 }]);
    expect([codeOf(tenfold), tenfold.json<{ details: Json }>().details.max]).toEqual(['outOfBounds', 30]);
    // The whole save is refused: the red cell count sent beside it is not written either.
    expect(await storedRows(sample.sample_id)).toEqual([]);
    expect((await read(sample.sample_id)).lines.every((line) => line.result === null)).toBe(true);

    const plausible = await save(sample.sample_id, [{ parameter_id: parameterId('HB'), result_value: 13.5 }]);
    expect(plausible.statusCode, plausible.body).toBe(200);
    expect(lineOf(plausible.json<Answer>(), parameterId('HB')).result?.result_value).toBe(13.5);
  });

  it('refuses the row of −5 g/dL in an instrument import and writes the file’s other rows', async () => {
    const mapped = await call(ctx.app, admin, 'updateImportMappings', {
      body: {
        file_type: 'forwarding',
        mappings: [
          { instrument_code: 'HGB', parameter_id: parameterId('HB') },
          { instrument_code: 'RBC', parameter_id: parameterId('GR') },
        ],
      },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const first = await firstSample('Plausible-Import', [analysis('NFS (hémogramme)').analysis_id]);
    const second = await firstSample('Plausible-Import-Deux', [analysis('NFS (hémogramme)').analysis_id]);
    const file = [
      'echantillon;code;resultat',
      `${first.sample_number};HGB;-5`,
      `${first.sample_number};RBC;4,1`,
      `${second.sample_number};HGB;135`,
      `${second.sample_number};RBC;4,6`,
      '',
    ].join('\r\n');

    const preview = await upload('previewResultsImport', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const seen = preview.json<{ lines: Json[]; unmatched: Json[] }>();
    expect(seen.unmatched).toEqual([
      expect.objectContaining({ line: 2, raw_text: '-5', reason: 'outOfBounds' }),
      expect.objectContaining({ line: 4, raw_text: '135', reason: 'outOfBounds' }),
    ]);
    expect(seen.lines.map((line) => [line.line, line.parameter_name, line.result_value])).toEqual([
      [3, 'Hématies', 4.1],
      [5, 'Hématies', 4.6],
    ]);

    const imported = await upload('importResults', file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ written: 2, unmatched: 2 });
    for (const sample of [first, second]) {
      const rows = await storedRows(sample.sample_id);
      expect(rows.map((row) => row.result_parameter)).toEqual([parameterId('GR')]);
    }
  });

  it('lets a laboratory allow negatives with a negative minimum, and traces the limits it changes', async () => {
    const creatinine = analysis('Créatinine et DFG (CKD-EPI)');
    const add = (body: Json) => apiClient(ctx.app, admin).send('addParameter', { body });
    const inverted = await add({
      parameter_name: 'Bicarbonates',
      parameter_plausible_min: 60,
      parameter_plausible_max: 5,
    });
    expect([codeOf(inverted), inverted.json<{ details: Json }>().details]).toEqual([
      'invalidBounds',
      { fields: ['parameter_plausible_min'] },
    ]);
    const baseExcess = await add({
      parameter_name: 'Excès de base',
      parameter_code: 'BE',
      parameter_unit: 'mmol/L',
      parameter_decimals: 1,
      parameter_plausible_min: -30,
      parameter_plausible_max: 30,
    });
    expect(baseExcess.statusCode, baseExcess.body).toBe(200);
    const parameter = baseExcess.json<{ parameter_id: string; parameter_last_updated: string }>();
    const gases = await call(ctx.app, admin, 'addAnalysis', {
      body: {
        analysis_name: 'Gaz du sang (excès de base)',
        analysis_sample_type: creatinine.analysis_sample_type,
        analysis_matrix: creatinine.analysis_matrix,
        analysis_parameters: [parameter.parameter_id],
      },
    });
    expect(gases.statusCode, gases.body).toBe(200);
    const sample = await firstSample('Plausible-Negatif', [
      gases.json<{ analysis_id: string }>().analysis_id,
    ]);
    const negative = await save(sample.sample_id, [
      { parameter_id: parameter.parameter_id, result_value: -4.2 },
    ]);
    expect(negative.statusCode, negative.body).toBe(200);
    expect(lineOf(negative.json<Answer>(), parameter.parameter_id).result?.result_value).toBe(-4.2);

    // A change of one limit is checked against the stored other one, then traced old and new.
    const beyondMinimum = await call(ctx.app, admin, 'updateParameter', {
      body: {
        parameter_id: parameter.parameter_id,
        parameter_last_updated: parameter.parameter_last_updated,
        parameter_plausible_max: -40,
      },
    });
    expect([codeOf(beyondMinimum), beyondMinimum.json<{ details: Json }>().details]).toEqual([
      'invalidBounds',
      { fields: ['parameter_plausible_min'] },
    ]);
    const narrowed = await call(ctx.app, admin, 'updateParameter', {
      body: {
        parameter_id: parameter.parameter_id,
        parameter_last_updated: parameter.parameter_last_updated,
        parameter_plausible_min: -25,
      },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const trail = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.table_name, 'parameters'),
          eq(auditTrail.row_id, parameter.parameter_id),
          eq(auditTrail.modification_field, 'parameter_plausible_min'),
        ),
      );
    expect(
      trail.map((entry) => [
        entry.modification_type,
        entry.modification_old_value === null ? null : Number(entry.modification_old_value),
        Number(entry.modification_new_value),
      ]),
    ).toContainEqual(['update', -30, -25]);
    const refused = await save(sample.sample_id, [
      {
        parameter_id: parameter.parameter_id,
        result_value: -28,
        result_last_updated: lineOf(negative.json<Answer>(), parameter.parameter_id).result
          ?.result_last_updated,
      },
    ]);
    expect([codeOf(refused), refused.json<{ details: Json }>().details]).toMatchObject([
      'outOfBounds',
      { min: -25, max: 30, unit: 'mmol/L' },
    ]);
  });

  it('calculates the demo eGFR from the creatinine of the record, typed once', async () => {
    const birth = '1984-05-12';
    const sample = await firstSample('Plausible-DFG', [analysis('Créatinine et DFG (CKD-EPI)').analysis_id], {
      patient_dob: birth,
    });
    const egfr = parameterId('DFG');
    const typed = await save(sample.sample_id, [{ parameter_id: egfr, result_value: 70 }]);
    expect([typed.statusCode, codeOf(typed)]).toEqual([409, 'resultIsCalculated']);

    const saved = await save(sample.sample_id, [{ parameter_id: parameterId('CREA'), result_value: 70 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    // CKD-EPI 2009, woman, creatinine 70 µmol/L (0.79 mg/dL, above κ = 0.7).
    const expected = (creatinine: number) =>
      Math.round(141 * (creatinine / 88.4 / 0.7) ** -1.209 * 0.993 ** ageToday(birth) * 1.018);
    const line = lineOf(saved.json<Answer>(), egfr);
    expect(line.calculation_inputs).toEqual([expect.objectContaining({ parameter_code: 'CREA', value: 70 })]);
    expect(line.result).toMatchObject({
      result_calculated: expected(70),
      result_unit: 'mL/min/1,73 m²',
    });

    // A corrected creatinine moves the eGFR in the same save.
    const stamp = lineOf(saved.json<Answer>(), parameterId('CREA')).result?.result_last_updated;
    const corrected = await save(sample.sample_id, [
      { parameter_id: parameterId('CREA'), result_value: 132, result_last_updated: stamp },
    ]);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(lineOf(corrected.json<Answer>(), egfr).result?.result_calculated).toBe(expected(132));
  });
});
