import { SAMPLE_STATUS } from '@sil/contract';
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
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
interface Line {
  parameter_id: string;
  result: (Json & { result_last_updated: string }) | null;
  calculation_error: string | null;
  calculation_detail: string | null;
  calculation_inputs: Array<{ parameter_code: string; parameter_name: string; value: number | null }> | null;
}
interface Answer {
  sample: Json & { sample_record: string };
  lines: Line[];
}

const FRIEDEWALD = 'when($TG < 4.5, $CT - $HDL - $TG / 2.2)';

/**
 * Results calculated from other results of the same record (LDL by Friedewald): formulas naming
 * parameter codes are checked when saved, and calculated results follow their inputs in the
 * transaction that saves them, on the record's other samples too, never behind a validation.
 */
describe.each(DATABASES)('results calculated from other results on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let technician: Session;
  let biologist: Session;
  let secretary: Session;
  let ids: { ct: string; hdl: string; tg: string; ldl: string; lipids: string; triglycerides: string };

  const addParameter = async (body: ReferenceInput<'parameters'>) =>
    String((await apiClient(ctx.app, admin).reference('parameters').add(body)).parameter_id);
  const lipid = (name: string, code: string, factor: number) =>
    addParameter({
      parameter_name: name,
      parameter_code: code,
      parameter_unit: 'g/L',
      parameter_unit_after_calc: 'mmol/L',
      parameter_decimals: 2,
      parameter_has_formula: true,
      parameter_formula: `x * ${factor}`,
    });
  /** A record of the lipid profile (serum) and the triglycerides (EDTA tube): its two samples. */
  const lipidRecord = async (surname: string) => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: surname,
        patient_name: 'Hélène',
        patient_gender: 'F',
        patient_dob: '1970-03-14',
        record_selected_analyses: [{ combination: 1, analysis_ids: [ids.lipids, ids.triglycerides] }],
      },
    });
    if (created.statusCode !== 200) throw new Error(created.body);
    const samples = await Promise.all(
      created.json<{ samples: Array<{ sample_id: string }> }>().samples.map(async ({ sample_id }) => ({
        sample_id,
        analyses: (await read(sample_id)).sample.sample_analyses as string[],
      })),
    );
    const withAnalysis = (id: string) => samples.find((each) => each.analyses.includes(id))?.sample_id ?? '';
    return {
      record: created.json<{ record_id: string }>().record_id,
      serum: withAnalysis(ids.lipids),
      edta: withAnalysis(ids.triglycerides),
    };
  };
  const read = async (sampleId: string) => {
    const response = await call(ctx.app, technician, 'getSampleResults', { query: { sample_id: sampleId } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Answer>();
  };
  const save = (sampleId: string, results: Json[]) =>
    call(ctx.app, technician, 'updateSampleResults', { body: { sample_id: sampleId, results } });
  const line = (answer: Answer, parameterId: string) => {
    const found = answer.lines.find((each) => each.parameter_id === parameterId);
    if (!found) throw new Error('no such line');
    return found;
  };
  const stampOf = async (sampleId: string, parameterId: string) =>
    line(await read(sampleId), parameterId).result?.result_last_updated ?? null;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    const ct = await lipid('Cholestérol total', 'CT', 2.586);
    const hdl = await lipid('Cholestérol HDL', 'HDL', 2.586);
    const tg = await lipid('Triglycérides', 'TG', 1.143);
    const ldl = await addParameter({
      parameter_name: 'Cholestérol LDL',
      parameter_code: 'LDL',
      parameter_unit: 'mmol/L',
      parameter_decimals: 2,
      parameter_has_formula: true,
      parameter_formula: FRIEDEWALD,
      parameter_ranges: [{ population: 'default', min: null, max: 4.1 }],
    });
    const analyses = apiClient(ctx.app, admin).reference('analyses');
    const analysis = async (name: string, type: string, parameters: string[]) =>
      String(
        (
          await analyses.add({
            analysis_name: name,
            analysis_sample_type: type,
            analysis_matrix: catalogue.blood,
            analysis_parameters: parameters,
          })
        ).analysis_id,
      );
    const lipids = await analysis('EAL', catalogue.serum, [ct, hdl, ldl]);
    const triglycerides = await analysis('Triglycérides seuls', catalogue.edta, [tg]);
    ids = { ct, hdl, tg, ldl, lipids, triglycerides };
  });
  afterAll(() => stopTestApp(ctx));

  it('refuses formulas naming unknown codes or reading themselves, directly or through others', async () => {
    const add = (body: Json) => apiClient(ctx.app, admin).send('addParameter', { body });
    const unknown = await add({
      parameter_name: 'Rapport',
      parameter_code: 'RATIO',
      parameter_has_formula: true,
      parameter_formula: '$CT / $APOB',
    });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([400, 'unknownParameterCode']);
    expect(unknown.json<{ details: Json }>().details).toEqual({ codes: ['APOB'] });
    const itself = await add({
      parameter_name: 'Boucle',
      parameter_code: 'SELF',
      parameter_has_formula: true,
      parameter_formula: '$SELF + 1',
    });
    expect([itself.statusCode, codeOf(itself)]).toEqual([400, 'formulaCycle']);

    const first = await addParameter({
      parameter_name: 'Premier',
      parameter_code: 'P1',
      parameter_has_formula: true,
      parameter_formula: '$CT * 2',
    });
    await addParameter({
      parameter_name: 'Second',
      parameter_code: 'P2',
      parameter_has_formula: true,
      parameter_formula: '$P1 + 1',
    });
    const current = (await call(ctx.app, admin, 'getParameter', { query: { parameter_id: first } })).json<
      Json[]
    >()[0];
    const loop = await call(ctx.app, admin, 'updateParameter', {
      body: {
        parameter_id: first,
        parameter_last_updated: current?.parameter_last_updated,
        parameter_formula: '$P2 * 2',
      },
    });
    expect([loop.statusCode, codeOf(loop)]).toEqual([400, 'formulaCycle']);
    expect(loop.json<{ details: Json }>().details).toEqual({ codes: ['P1', 'P2', 'P1'] });

    // The code LDL and P1 read cannot change under them.
    const total = (await call(ctx.app, admin, 'getParameter', { query: { parameter_id: ids.ct } })).json<
      Json[]
    >()[0];
    const renamed = await call(ctx.app, admin, 'updateParameter', {
      body: {
        parameter_id: ids.ct,
        parameter_last_updated: total?.parameter_last_updated,
        parameter_code: 'CHOL',
      },
    });
    expect([renamed.statusCode, codeOf(renamed)]).toEqual([409, 'parameterCodeReadByFormula']);
    expect(renamed.json<{ details: Json }>().details).toEqual({
      code: 'CT',
      parameters: expect.arrayContaining(['Cholestérol LDL', 'Premier']),
    });
  });

  it('calculates LDL once total, HDL and triglycerides are saved, across the record samples', async () => {
    const { record, serum, edta } = await lipidRecord('Calcul');
    const partial = await save(serum, [
      { parameter_id: ids.ct, result_value: 2.12 },
      { parameter_id: ids.hdl, result_value: 0.58 },
    ]);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(line(partial.json<Answer>(), ids.ldl)).toMatchObject({
      result: null,
      calculation_error: 'missingVariable',
      calculation_detail: '$TG',
      calculation_inputs: [
        { parameter_code: 'CT', parameter_name: 'Cholestérol total', value: 5.48 },
        { parameter_code: 'HDL', parameter_name: 'Cholestérol HDL', value: 1.5 },
        { parameter_code: 'TG', parameter_name: 'Triglycérides', value: null },
      ],
    });
    // The validation screen reads the record's samples together: the same inputs, the same error.
    const serumOnScreen = async () => {
      const preview = await call(ctx.app, biologist, 'previewRecord', { query: { record_id: record } });
      expect(preview.statusCode, preview.body).toBe(200);
      const samples = preview.json<{ samples: Array<Answer & { sample: { sample_id: string } }> }>().samples;
      const found = samples.find((each) => each.sample.sample_id === serum);
      if (!found) throw new Error('the serum is not on the screen');
      return line(found, ids.ldl);
    };
    expect(await serumOnScreen()).toEqual(line(partial.json<Answer>(), ids.ldl));
    const triglycerides = await save(edta, [{ parameter_id: ids.tg, result_value: 1.05 }]);
    expect(triglycerides.statusCode, triglycerides.body).toBe(200);
    // 5.48 − 1.50 − 1.20 / 2.2 = 3.43 mmol/L, within ≤ 4.1.
    const calculated = line(await read(serum), ids.ldl);
    expect(calculated).toMatchObject({
      result: { result_value: 3.43, result_calculated: 3.43, result_unit: 'mmol/L', result_flags: [] },
      calculation_error: null,
      calculation_inputs: [
        { parameter_code: 'CT', value: 5.48 },
        { parameter_code: 'HDL', value: 1.5 },
        { parameter_code: 'TG', value: 1.2 },
      ],
    });
    expect(await serumOnScreen()).toEqual(calculated);

    const hdlStamp = await stampOf(serum, ids.hdl);
    const lower = await save(serum, [
      { parameter_id: ids.hdl, result_value: 0.4, result_last_updated: hdlStamp },
    ]);
    // HDL 1.03 mmol/L: LDL 5.48 − 1.03 − 0.55 = 3.90.
    expect(line(lower.json<Answer>(), ids.ldl).result).toMatchObject({ result_calculated: 3.9 });
    const ctStamp = await stampOf(serum, ids.ct);
    const higher = await save(serum, [
      { parameter_id: ids.ct, result_value: 2.5, result_last_updated: ctStamp },
    ]);
    expect(line(higher.json<Answer>(), ids.ldl).result).toMatchObject({
      result_calculated: 4.89,
      result_range_max: 4.1,
      result_flags: ['high'],
    });
    // Each calculation is in the trail, as a typed result is.
    const trail = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.table_name, 'results'), eq(auditTrail.modification_field, 'result_calculated')),
      );
    expect(
      trail.map((entry) => [Number(entry.modification_old_value), Number(entry.modification_new_value)]),
    ).toContainEqual([3.9, 4.89]);
  });

  it('gives no LDL while triglycerides are at 4.5 mmol/L or more, and says why', async () => {
    const { serum, edta } = await lipidRecord('Hypertriglyceridemie');
    await save(serum, [
      { parameter_id: ids.ct, result_value: 2.6 },
      { parameter_id: ids.hdl, result_value: 0.4 },
    ]);
    await save(edta, [{ parameter_id: ids.tg, result_value: 2 }]);
    expect(line(await read(serum), ids.ldl).result).not.toBeNull();
    const tgStamp = await stampOf(edta, ids.tg);
    // 4.2 g/L is 4.80 mmol/L: Friedewald no longer holds, the LDL calculated before goes.
    const high = await save(edta, [
      { parameter_id: ids.tg, result_value: 4.2, result_last_updated: tgStamp },
    ]);
    expect(high.statusCode, high.body).toBe(200);
    expect(line(await read(serum), ids.ldl)).toMatchObject({
      result: null,
      calculation_error: 'conditionNotMet',
      calculation_detail: '$TG < 4.5',
    });
  });

  it('takes no typed value for a calculated parameter', async () => {
    const { serum } = await lipidRecord('Saisie');
    const typed = await save(serum, [
      { parameter_id: ids.ct, result_value: 2 },
      { parameter_id: ids.ldl, result_value: 1.2 },
    ]);
    expect([typed.statusCode, codeOf(typed)]).toEqual([409, 'resultIsCalculated']);
    expect((await read(serum)).lines.every((each) => each.result === null)).toBe(true);
  });

  it('never recalculates a validated LDL: the change of its input is refused', async () => {
    const { serum, edta } = await lipidRecord('Valide');
    await save(serum, [
      { parameter_id: ids.ct, result_value: 2.12 },
      { parameter_id: ids.hdl, result_value: 0.58 },
    ]);
    await save(edta, [{ parameter_id: ids.tg, result_value: 1.05 }]);
    const recordId = (await read(serum)).sample.sample_record;
    const received = await call(ctx.app, secretary, 'receiveRecord', { body: { record_id: recordId } });
    expect(received.statusCode, received.body).toBe(200);
    // Both samples complete, then the serum validated by the biologist: the only way to 'validated'.
    for (const sampleId of [serum, edta]) {
      const completed = await call(ctx.app, biologist, 'updateSampleStatus', {
        body: { sample_id: sampleId, sample_status: SAMPLE_STATUS.removed, force_save: true },
      });
      expect(completed.statusCode, completed.body).toBe(200);
    }
    const validated = await call(ctx.app, biologist, 'validateRecord', {
      body: { record_id: recordId, sample_ids: [serum] },
    });
    expect(validated.statusCode, validated.body).toBe(200);

    const tgStamp = await stampOf(edta, ids.tg);
    const changed = await save(edta, [
      { parameter_id: ids.tg, result_value: 1.5, result_last_updated: tgStamp },
    ]);
    expect([changed.statusCode, codeOf(changed)]).toEqual([409, 'resultValidated']);
    expect(changed.json<{ details: Json }>().details).toMatchObject({
      parameter_id: ids.ldl,
      sample_id: serum,
    });
    // Nothing moved: neither the triglycerides typed nor the validated LDL.
    expect(line(await read(edta), ids.tg).result).toMatchObject({ result_value: 1.05 });
    expect(line(await read(serum), ids.ldl).result).toMatchObject({ result_calculated: 3.43 });
    // The database refuses it as well, whatever a service would try (results_guard).
    const direct = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(
        sql`UPDATE results SET result_calculated = 3.6 WHERE result_sample = ${serum} AND result_parameter = ${ids.ldl}`,
      ),
    ).then(
      () => 'accepted',
      (error: unknown) => databaseRefusal(error)?.code ?? String(error),
    );
    expect(direct).toBe('resultValidated');
  });
});
