import { type ReferenceRangeCategory, SAMPLE_STATUS } from '@sil/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../src/db/schema/index.js';
import { databaseRefusal } from '../src/lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { apiClient, type ReferenceInput } from './client.js';
import { seedCatalogue, signInStaff } from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
interface Line {
  parameter_id: string;
  parameter_name: string;
  parameter_code: string | null;
  result: Json | null;
  calculation_error: string | null;
  anteriority: Json | null;
}
interface Answer {
  sample: Json;
  lines: Line[];
}

const range = (population: ReferenceRangeCategory, min: number, max: number) => ({ population, min, max });

/**
 * Results of a sample (issue 13, first slice): entered through the API, read with the parameter's
 * formula and the range of the patient's population on the collection day, guarded against lost
 * updates and, once validated, by the database itself.
 */
describe.each(DATABASES)('sample results on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let technician: Session;
  let biologist: Session;
  let secretary: Session;
  let ids: { glucose: string; haemoglobin: string; clearance: string; panel: string; other: string };

  const addParameter = async (body: ReferenceInput<'parameters'>) =>
    String((await apiClient(ctx.app, admin).reference('parameters').add(body)).parameter_id);
  /** A record of the panel for a new patient; its first sample. */
  const sampleFor = async (patient: Json, record: Json = {}) => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Lefèvre-Dupont',
        patient_name: 'Hélène',
        patient_gender: 'F',
        patient_dob: '1960-06-01',
        ...patient,
        ...record,
        record_selected_analyses: [{ combination: 1, analysis_ids: [ids.panel] }],
      },
    });
    if (created.statusCode !== 200) throw new Error(created.body);
    const body = created.json<{ patient_id: string; samples: Array<{ sample_id: string }> }>();
    return { patientId: body.patient_id, sampleId: body.samples[0]?.sample_id ?? '' };
  };
  const read = async (sampleId: string, session = technician) => {
    const response = await call(ctx.app, session, 'getSampleResults', { query: { sample_id: sampleId } });
    expect(response.statusCode).toBe(200);
    return response.json<Answer>();
  };
  const save = (sampleId: string, results: Json[], session = technician) =>
    call(ctx.app, session, 'updateSampleResults', { body: { sample_id: sampleId, results } });
  const line = (answer: Answer, parameterId: string) => {
    const found = answer.lines.find((each) => each.parameter_id === parameterId);
    if (!found) throw new Error('no such line');
    return found;
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    // Fasting glucose in g/L, reported in mmol/L.
    const glucose = await addParameter({
      parameter_name: 'Glucose',
      parameter_code: 'GLU',
      parameter_unit: 'g/L',
      parameter_unit_after_calc: 'mmol/L',
      parameter_decimals: 2,
      parameter_lower_detection_limit: 0.1,
      parameter_has_formula: true,
      parameter_formula: 'x * 5.551',
      parameter_ranges: [range('default', 0.7, 1.1)],
    });
    const haemoglobin = await addParameter({
      parameter_name: 'Hémoglobine',
      parameter_unit: 'g/dL',
      parameter_decimals: 1,
      parameter_ranges: [
        range('default', 12, 17),
        range('adultMale', 13, 17),
        range('adultFemale', 12, 16),
        range('pregnant', 11, 15),
        range('age1to6', 11, 14),
      ],
    });
    const clearance = await addParameter({
      parameter_name: 'Clairance',
      parameter_unit: 'µmol/L',
      parameter_unit_after_calc: 'mL/min',
      parameter_decimals: 0,
      parameter_has_formula: true,
      parameter_formula: '(140 - age) * weight / (0.815 * x)',
    });
    const other = await addParameter({ parameter_name: 'Ferritine' });
    const analyses = apiClient(ctx.app, admin).reference('analyses');
    const added = await analyses.add({
      analysis_name: 'Bilan',
      analysis_sample_type: catalogue.serum,
      analysis_matrix: catalogue.blood,
      analysis_parameters: [glucose, haemoglobin, clearance],
    });
    const panel = String(added.analysis_id);
    ids = { glucose, haemoglobin, clearance, panel, other };
  });
  afterAll(() => stopTestApp(ctx));

  it('lists the parameters a sample measures with their codes, none entered yet', async () => {
    const { sampleId } = await sampleFor({});
    const answer = await read(sampleId);
    expect(answer.sample.sample_id).toBe(sampleId);
    // The code is the Results table's 'reference' (spec.md §2 'Manually update sample').
    expect(answer.lines.map((each) => [each.parameter_name, each.parameter_code, each.result])).toEqual([
      ['Glucose', 'GLU', null],
      ['Hémoglobine', null, null],
      ['Clairance', null, null],
    ]);
  });

  it('calculates, chooses the range of the patient and flags what is out of it', async () => {
    const { sampleId } = await sampleFor({ patient_weight_kg: 70 });
    const saved = await save(sampleId, [
      { parameter_id: ids.glucose, result_value: 1.26 },
      { parameter_id: ids.haemoglobin, result_value: 16.5 },
      { parameter_id: ids.clearance, result_value: 80 },
    ]);
    expect(saved.statusCode).toBe(200);
    const answer = saved.json<Answer>();
    expect(line(answer, ids.glucose).result).toMatchObject({
      result_value: 1.26,
      result_calculated: 6.99,
      result_unit: 'mmol/L',
      result_population: 'default',
      // The range beside 6.99 mmol/L is in mmol/L; as written on the parameter, in g/L.
      result_range_min: 3.89,
      result_range_max: 6.11,
      result_raw_range_min: 0.7,
      result_raw_range_max: 1.1,
      result_flags: ['high'],
      result_entered_by_name: expect.any(String),
    });
    // A woman of 66: the adult female range (12–16), so 16.5 is high where the default would not say so.
    expect(line(answer, ids.haemoglobin).result).toMatchObject({
      result_population: 'adultFemale',
      result_flags: ['high'],
    });
    expect(line(answer, ids.clearance).result).toMatchObject({ result_calculated: 79 });
  });

  it('uses the pregnancy and age-band ranges', async () => {
    const pregnant = await sampleFor({ patient_dob: '1995-02-10' }, { record_pregnant: true });
    await save(pregnant.sampleId, [{ parameter_id: ids.haemoglobin, result_value: 11.5 }]);
    expect(line(await read(pregnant.sampleId), ids.haemoglobin).result).toMatchObject({
      result_population: 'pregnant',
      result_flags: [],
    });
    const fourYears = new Date();
    fourYears.setUTCFullYear(fourYears.getUTCFullYear() - 4);
    const child = await sampleFor({ patient_gender: 'M', patient_dob: fourYears.toISOString().slice(0, 10) });
    await save(child.sampleId, [{ parameter_id: ids.haemoglobin, result_value: 10.2 }]);
    expect(line(await read(child.sampleId), ids.haemoglobin).result).toMatchObject({
      result_population: 'age1to6',
      result_flags: ['low'],
    });
  });

  it('keeps the measure and says why when the formula cannot be calculated', async () => {
    const { sampleId } = await sampleFor({});
    const saved = await save(sampleId, [{ parameter_id: ids.clearance, result_value: 80 }]);
    expect(saved.statusCode).toBe(200);
    expect(line(saved.json<Answer>(), ids.clearance)).toMatchObject({
      result: { result_value: 80, result_calculated: null },
      calculation_error: 'missingVariable',
    });
  });

  it('reports a measure below the detection limit as the limit', async () => {
    const { sampleId } = await sampleFor({});
    const saved = await save(sampleId, [{ parameter_id: ids.glucose, result_value: 0.05 }]);
    // '< 0.1' with a range from 0.7 is certainly low; it is reported in mmol/L as '< 0.56'.
    expect(line(saved.json<Answer>(), ids.glucose).result).toMatchObject({
      result_value: 0.05,
      result_censored: '<',
      result_calculated: 0.56,
      result_unit: 'mmol/L',
      result_flags: ['low', 'belowDetection'],
    });
  });

  it('refuses a parameter the sample does not measure and a value out of bounds, saving nothing', async () => {
    const { sampleId } = await sampleFor({});
    const foreign = await save(sampleId, [
      { parameter_id: ids.glucose, result_value: 1 },
      { parameter_id: ids.other, result_value: 1 },
    ]);
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([409, 'parameterNotInSample']);
    const negative = await save(sampleId, [{ parameter_id: ids.glucose, result_value: -1 }]);
    expect([negative.statusCode, codeOf(negative)]).toEqual([400, 'outOfBounds']);
    const huge = await save(sampleId, [{ parameter_id: ids.haemoglobin, result_value: 1e13 }]);
    expect([huge.statusCode, codeOf(huge)]).toEqual([400, 'outOfBounds']);
    expect((await read(sampleId)).lines.every((each) => each.result === null)).toBe(true);
  });

  it('refuses to overwrite a result saved meanwhile, and changes or removes it with its stamp', async () => {
    const { sampleId } = await sampleFor({});
    const first = await save(sampleId, [{ parameter_id: ids.haemoglobin, result_value: 13 }]);
    const stamp = line(first.json<Answer>(), ids.haemoglobin).result?.result_last_updated;
    const blind = await save(sampleId, [{ parameter_id: ids.haemoglobin, result_value: 14 }], biologist);
    expect([blind.statusCode, codeOf(blind)]).toEqual([409, 'staleUpdate']);
    const changed = await save(sampleId, [
      { parameter_id: ids.haemoglobin, result_value: 14, result_last_updated: stamp },
    ]);
    expect(line(changed.json<Answer>(), ids.haemoglobin).result?.result_value).toBe(14);
    const again = await save(sampleId, [
      { parameter_id: ids.haemoglobin, result_value: 15, result_last_updated: stamp },
    ]);
    expect(codeOf(again)).toBe('staleUpdate');
    const text = await save(sampleId, [
      {
        parameter_id: ids.haemoglobin,
        result_value: null,
        result_text: null,
        result_last_updated: line(changed.json<Answer>(), ids.haemoglobin).result?.result_last_updated,
      },
    ]);
    expect(line(text.json<Answer>(), ids.haemoglobin).result).toBeNull();
    // The trail keeps every value the result had, old and new.
    const trail = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.table_name, 'results'), eq(auditTrail.modification_field, 'result_value')));
    expect(
      trail.map((entry) => [Number(entry.modification_old_value), Number(entry.modification_new_value)]),
    ).toContainEqual([13, 14]);
  });

  it('shows the previous validated result of the patient, and freezes validated results', async () => {
    const earlier = await sampleFor({ patient_surname: 'Anteriorite', patient_dob: '1980-01-01' });
    await save(earlier.sampleId, [{ parameter_id: ids.haemoglobin, result_value: 12.4 }]);
    const recordId = (await read(earlier.sampleId)).sample.sample_record;
    const received = await call(ctx.app, secretary, 'receiveRecord', { body: { record_id: recordId } });
    expect(received.statusCode, received.body).toBe(200);
    const completed = await call(ctx.app, biologist, 'updateSampleStatus', {
      body: { sample_id: earlier.sampleId, sample_status: SAMPLE_STATUS.removed, force_save: true },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const validated = await call(ctx.app, biologist, 'validateRecord', {
      body: { record_id: recordId, sample_ids: [earlier.sampleId] },
    });
    expect(validated.statusCode, validated.body).toBe(200);

    const later = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_id: earlier.patientId,
        record_selected_analyses: [{ combination: 1, analysis_ids: [ids.panel] }],
      },
    });
    expect(later.statusCode).toBe(200);
    const laterSample = later.json<{ samples: Array<{ sample_id: string }> }>().samples[0]?.sample_id ?? '';
    const answer = await read(laterSample);
    expect(line(answer, ids.haemoglobin).anteriority).toMatchObject({ result_value: 12.4 });
    expect(line(answer, ids.glucose).anteriority).toBeNull();

    const refused = await save(earlier.sampleId, [
      { parameter_id: ids.haemoglobin, result_value: 13, result_last_updated: null },
    ]);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'resultValidated']);
    // Underneath the service, the database refuses it too.
    const direct = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(sql`UPDATE results SET result_value = 99 WHERE result_sample = ${earlier.sampleId}`),
    ).then(
      () => 'accepted',
      (error: unknown) => databaseRefusal(error)?.code ?? String(error),
    );
    expect(direct).toBe('resultValidated');
  });

  it('never takes a later record for the previous one, when neither says when it was collected', async () => {
    // Two records without collection times: each is dated by its registration, the first one's
    // earlier. Read after the second is validated, the first has no previous result (not the second's).
    const first = await sampleFor({ patient_surname: 'Chronologie', patient_dob: '1975-04-02' });
    await save(first.sampleId, [{ parameter_id: ids.haemoglobin, result_value: 11 }]);
    const second = await sampleFor({ patient_id: first.patientId });
    await save(second.sampleId, [{ parameter_id: ids.haemoglobin, result_value: 13.5 }]);
    const recordId = (await read(second.sampleId)).sample.sample_record;
    await call(ctx.app, secretary, 'receiveRecord', { body: { record_id: recordId } });
    await call(ctx.app, biologist, 'updateSampleStatus', {
      body: { sample_id: second.sampleId, sample_status: SAMPLE_STATUS.removed, force_save: true },
    });
    const validated = await call(ctx.app, biologist, 'validateRecord', {
      body: { record_id: recordId, sample_ids: [second.sampleId] },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(line(await read(first.sampleId), ids.haemoglobin).anteriority).toBeNull();
  });

  it('lets only staff with the samples right read and enter results', async () => {
    const { sampleId } = await sampleFor({});
    const clinic = await login(ctx.app, 'clinique@demo.lab');
    const response = await call(ctx.app, clinic, 'getSampleResults', { query: { sample_id: sampleId } });
    expect(response.statusCode).toBe(403);
    const saved = await save(sampleId, [{ parameter_id: ids.glucose, result_value: 1 }], secretary);
    // The front desk has no samples right in the demo laboratory: it registers, the bench enters.
    expect([saved.statusCode, codeOf(saved)]).toEqual([403, 'noAdminRights']);
  });
});
