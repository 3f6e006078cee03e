import { SAMPLE_STATUS, type SampleResultLine, type SampleResults } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../src/db/schema/index.js';
import { apiClient } from './client.js';
import { type Staff, seedCatalogue, signInStaff } from './factories.js';
import { call, codeOf, DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/**
 * Delta checks (issue 40): a parameter carries a limit on how far a patient's result may move from
 * the previous validated one within a window of days; the results bench and the validation preview
 * flag a result beyond it, with the previous value, its date and the change, compared in the unit
 * the result is reported in. A half-written limit is refused, and the limit is traced.
 */
describe.each(DATABASES)('delta checks on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  let ids: { haemoglobin: string; glucose: string; creatinine: string; analysis: string };

  const bench = () => apiClient(ctx.app, staff.technician);
  const lineOf = (answer: SampleResults, parameterId: string): SampleResultLine => {
    const found = answer.lines.find((line) => line.parameter_id === parameterId);
    if (!found) throw new Error(`no line for ${parameterId}`);
    return found;
  };

  /** A record of the analysis for a patient (new when no id), collected when said, its results entered. */
  const entered = async (
    results: Array<{ parameter_id: string; result_value: number }>,
    patient: { patient_id?: string; collectedAt?: string } = {},
  ) => {
    const created = await apiClient(ctx.app, staff.secretary).addPatient({
      ...(patient.patient_id
        ? { patient_id: patient.patient_id }
        : {
            patient_surname: 'Delta',
            patient_name: 'Lucie',
            patient_gender: 'F',
            patient_dob: '1971-02-03',
          }),
      ...(patient.collectedAt ? { record_collection_datetime: patient.collectedAt } : {}),
      record_selected_analyses: [{ combination: 1, analysis_ids: [ids.analysis] }],
    });
    const sampleId = created.samples[0]?.sample_id ?? '';
    const answer = await bench().updateSampleResults({ sample_id: sampleId, results });
    return { patientId: created.patient_id, recordId: created.record_id, sampleId, answer };
  };

  /** The same, taken to validation: the patient's previous validated result. */
  const validated = async (
    results: Array<{ parameter_id: string; result_value: number }>,
    patient: { patient_id?: string; collectedAt?: string } = {},
  ) => {
    const record = await entered(results, patient);
    await apiClient(ctx.app, staff.secretary).receiveRecord({ record_id: record.recordId });
    await bench().updateSampleStatus({
      sample_id: record.sampleId,
      sample_status: SAMPLE_STATUS.removed,
      force_save: true,
    });
    await apiClient(ctx.app, staff.biologist).validateRecord({
      record_id: record.recordId,
      sample_ids: [record.sampleId],
    });
    return record;
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    const catalogue = await seedCatalogue(ctx.app, staff.admin);
    const parameters = apiClient(ctx.app, staff.admin).reference('parameters');
    const haemoglobin = await parameters.add({
      parameter_name: 'Hémoglobine',
      parameter_unit: 'g/dL',
      parameter_decimals: 1,
      parameter_delta_kind: 'absolute',
      parameter_delta_limit: 2,
      parameter_delta_window_days: 30,
    });
    // Written without its conversion first: results stored in g/L, then the formula is added.
    const glucose = await parameters.add({
      parameter_name: 'Glucose',
      parameter_unit: 'g/L',
      parameter_decimals: 2,
      parameter_delta_kind: 'absolute',
      parameter_delta_limit: 3,
      parameter_delta_window_days: 30,
    });
    const creatinine = await parameters.add({
      parameter_name: 'Créatinine',
      parameter_unit: 'µmol/L',
      parameter_decimals: 0,
      parameter_delta_kind: 'percent',
      parameter_delta_limit: 50,
      parameter_delta_window_days: 7,
    });
    const analysis = await apiClient(ctx.app, staff.admin)
      .reference('analyses')
      .add({
        analysis_name: 'Bilan delta',
        analysis_sample_type: catalogue.serum,
        analysis_matrix: catalogue.blood,
        analysis_parameters: [haemoglobin, glucose, creatinine].map((row) => String(row.parameter_id)),
      });
    ids = {
      haemoglobin: String(haemoglobin.parameter_id),
      glucose: String(glucose.parameter_id),
      creatinine: String(creatinine.parameter_id),
      analysis: String(analysis.analysis_id),
    };
  }, 180_000);
  afterAll(() => stopTestApp(ctx));

  it('flags a result beyond the absolute limit on entry, on reading and in the validation preview', async () => {
    const earlier = await validated([{ parameter_id: ids.haemoglobin, result_value: 13 }], {
      collectedAt: daysAgo(10),
    });
    const later = await entered(
      [
        { parameter_id: ids.haemoglobin, result_value: 9.1 },
        { parameter_id: ids.creatinine, result_value: 80 },
      ],
      { patient_id: earlier.patientId },
    );
    const expected = {
      kind: 'absolute',
      limit: 2,
      window_days: 30,
      unit: 'g/dL',
      previous_value: 13,
      previous_record_id: earlier.recordId,
      delta: -3.9,
      delta_percent: -30,
      breach: true,
    };
    // The answer of the entry itself, then a fresh reading of the bench.
    expect(lineOf(later.answer, ids.haemoglobin).delta_check).toMatchObject(expected);
    const read = await bench().getSampleResults({ sample_id: later.sampleId });
    expect(lineOf(read, ids.haemoglobin).delta_check).toMatchObject(expected);
    expect(lineOf(read, ids.haemoglobin).delta_check?.previous_collected_at).toBe(
      lineOf(read, ids.haemoglobin).anteriority?.collected_at,
    );
    // No previous creatinine: nothing to compare.
    expect(lineOf(read, ids.creatinine).delta_check).toBeNull();

    const preview = await apiClient(ctx.app, staff.biologist).previewRecord({ record_id: later.recordId });
    const [sample] = preview.samples;
    if (!sample) throw new Error('no sample in the preview');
    expect(lineOf(sample, ids.haemoglobin).delta_check).toMatchObject(expected);
  });

  it('does not flag a change within the limit, and forgets a previous result outside the window', async () => {
    const earlier = await validated(
      [
        { parameter_id: ids.haemoglobin, result_value: 13 },
        { parameter_id: ids.creatinine, result_value: 80 },
      ],
      { collectedAt: daysAgo(10) },
    );
    const later = await entered(
      [
        { parameter_id: ids.haemoglobin, result_value: 12 },
        { parameter_id: ids.creatinine, result_value: 200 },
      ],
      { patient_id: earlier.patientId },
    );
    expect(lineOf(later.answer, ids.haemoglobin).delta_check).toMatchObject({ delta: -1, breach: false });
    // The creatinine's window is 7 days: the result of 10 days ago is history, not a delta.
    expect(lineOf(later.answer, ids.creatinine).anteriority).toMatchObject({ result_value: 80 });
    expect(lineOf(later.answer, ids.creatinine).delta_check).toBeNull();
  });

  it('flags a percentage change of the previous value', async () => {
    const earlier = await validated([{ parameter_id: ids.creatinine, result_value: 80 }], {
      collectedAt: daysAgo(3),
    });
    const later = await entered([{ parameter_id: ids.creatinine, result_value: 130 }], {
      patient_id: earlier.patientId,
    });
    expect(lineOf(later.answer, ids.creatinine).delta_check).toMatchObject({
      kind: 'percent',
      unit: 'µmol/L',
      previous_value: 80,
      delta: 50,
      delta_percent: 62.5,
      breach: true,
    });
  });

  it('compares in the reported unit a previous result stored before the conversion was written', async () => {
    const earlier = await validated([{ parameter_id: ids.glucose, result_value: 0.9 }], {
      collectedAt: daysAgo(5),
    });
    // From now on the glucose is reported in mmol/L.
    const parameters = apiClient(ctx.app, staff.admin).reference('parameters');
    const [current] = await parameters.get(ids.glucose);
    await parameters.update({
      parameter_id: ids.glucose,
      parameter_last_updated: String(current?.parameter_last_updated),
      parameter_has_formula: true,
      parameter_formula: 'x * 5.551',
      parameter_unit_after_calc: 'mmol/L',
    });
    const later = await entered([{ parameter_id: ids.glucose, result_value: 1.6 }], {
      patient_id: earlier.patientId,
    });
    const line = lineOf(later.answer, ids.glucose);
    // The previous 0.90 g/L was stored in g/L; 1.60 g/L is reported as 8.88 mmol/L.
    expect(line.anteriority).toMatchObject({ result_value: 0.9, result_unit: 'g/L' });
    expect(line.result).toMatchObject({ result_calculated: 8.88, result_unit: 'mmol/L' });
    // Compared in g/L, the change would be 0.7 and pass a limit of 3: converted, it is 3.88 mmol/L.
    expect(line.delta_check).toMatchObject({ unit: 'mmol/L', previous_value: 5, delta: 3.88, breach: true });
  });

  it('refuses a half-written delta limit and traces a whole one', async () => {
    const refused = await call(ctx.app, staff.admin, 'addParameter', {
      body: { parameter_name: 'Plaquettes', parameter_delta_limit: 100 },
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'invalidDeltaLimit']);
    expect(refused.json<{ details: { issues: Array<{ path: string }> } }>().details.issues).toEqual([
      { path: 'parameter_delta_kind', message: 'required' },
      { path: 'parameter_delta_window_days', message: 'required' },
    ]);
    const zero = await call(ctx.app, staff.admin, 'addParameter', {
      body: {
        parameter_name: 'Plaquettes',
        parameter_delta_kind: 'absolute',
        parameter_delta_limit: 0,
        parameter_delta_window_days: 7,
      },
    });
    expect(zero.statusCode, zero.body).toBe(400);

    const parameters = apiClient(ctx.app, staff.admin).reference('parameters');
    const [before] = await parameters.get(ids.haemoglobin);
    await parameters.update({
      parameter_id: ids.haemoglobin,
      parameter_last_updated: String(before?.parameter_last_updated),
      parameter_delta_limit: 2.5,
    });
    const [after] = await parameters.get(ids.haemoglobin);
    expect(after).toMatchObject({ parameter_delta_kind: 'absolute', parameter_delta_limit: 2.5 });
    const trail = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.row_id, ids.haemoglobin),
          eq(auditTrail.modification_field, 'parameter_delta_limit'),
        ),
      );
    expect(
      trail.map((entry) => [Number(entry.modification_old_value), Number(entry.modification_new_value)]),
    ).toContainEqual([2, 2.5]);
  });
});
