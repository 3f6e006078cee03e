import { SAMPLE_STATUS } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue, signInStaff } from './factories.js';
import { call, DATABASES, type Session, startTestApp, stopTestApp, type TestContext } from './helpers.js';

type Json = Record<string, unknown>;
interface Traced {
  value: number | null;
  text: string | null;
  censored: string | null;
  unit: string | null;
}
interface TraceEntry {
  modification_id: number;
  table_name: string;
  modification_by_name: string | null;
  modification_timestamp: string;
  modification_type: string;
  log_comment: string | null;
  result_change: {
    parameter_id: string;
    parameter_name: string;
    sample_number: string | null;
    old: Traced | null;
    new: Traced | null;
  } | null;
}

/**
 * Every change of a result is in the record's trace (issue 37; ISO 15189 7.6 and 8.4, ISO/IEC
 * 17025 7.5.2): the parameter, what was reported before and after with its unit, who and when, and
 * for a correction after validation the reason given when the record was invalidated.
 */
describe.each(DATABASES)('the trace of results on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let secretary: Session;
  let technician: Session;
  let biologist: Session;
  let haemoglobin: string;
  let analysis: string;

  const put = (session: Session, url: string, payload: Json) =>
    call(ctx.app, session, { method: 'PUT', url, payload });
  const trace = async (recordId: string) => {
    const answer = await call(ctx.app, admin, 'getRecordTrace', { query: { record_id: recordId } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TraceEntry[]>();
  };
  const sampleResults = async (sampleId: string) =>
    (await call(ctx.app, technician, 'getSampleResults', { query: { sample_id: sampleId } })).json<{
      lines: Array<{ parameter_id: string; result: { result_last_updated: string } | null }>;
    }>();
  const saveHaemoglobin = async (sampleId: string, value: number | null) => {
    const current = (await sampleResults(sampleId)).lines.find((line) => line.parameter_id === haemoglobin);
    const saved = await put(technician, '/api/update-sample-results', {
      sample_id: sampleId,
      results: [
        {
          parameter_id: haemoglobin,
          result_value: value,
          result_last_updated: current?.result?.result_last_updated ?? null,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind, { DELIVERY_POLL_SECONDS: '0' });
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    const added = await call(ctx.app, admin, 'addParameter', {
      body: {
        parameter_name: 'Hémoglobine',
        parameter_unit: 'g/dL',
        parameter_decimals: 1,
        parameter_ranges: [{ population: 'default', min: 12, max: 16 }],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    haemoglobin = String(added.json<Json>().parameter_id);
    const created = await call(ctx.app, admin, 'addAnalysis', {
      body: {
        analysis_name: 'Hémoglobine',
        analysis_sample_type: catalogue.edta,
        analysis_matrix: catalogue.blood,
        analysis_parameters: [haemoglobin],
      },
    });
    analysis = String(created.json<Json>().analysis_id);
  });
  afterAll(() => stopTestApp(ctx));

  it('lists the entry, the correction after invalidation with its reason, and the removal', async () => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Trace',
        patient_name: 'Élodie',
        patient_gender: 'F',
        patient_dob: '1981-05-14',
        record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<{
      record_id: string;
      samples: Array<{ sample_id: string; sample_number: string }>;
    }>();
    const recordId = body.record_id;
    const sampleId = String(body.samples[0]?.sample_id);
    expect((await put(secretary, '/api/receive-record', { record_id: recordId })).statusCode).toBe(200);
    await saveHaemoglobin(sampleId, 11.2);
    const done = await put(technician, '/api/update-sample-status', {
      sample_id: sampleId,
      sample_status: SAMPLE_STATUS.removed,
    });
    expect(done.statusCode, done.body).toBe(200);
    const validate = () =>
      put(biologist, '/api/validate-record', { record_id: recordId, sample_ids: [sampleId] });
    expect((await validate()).statusCode).toBe(200);
    const reason = 'Tube hémolysé : valeur contrôlée sur un second prélèvement';
    const invalidated = await put(biologist, '/api/invalidate-record', {
      record_id: recordId,
      sample_ids: [sampleId],
      reason,
    });
    expect(invalidated.statusCode, invalidated.body).toBe(200);
    await saveHaemoglobin(sampleId, 11.4);
    expect((await validate()).statusCode).toBe(200);

    const changes = (await trace(recordId)).filter((entry) => entry.result_change !== null);
    expect(changes).toHaveLength(2);
    const [entered, corrected] = changes;
    expect(entered).toMatchObject({
      table_name: 'results',
      modification_type: 'insert',
      modification_by_name: expect.any(String),
      log_comment: null,
      result_change: {
        parameter_id: haemoglobin,
        parameter_name: 'Hémoglobine',
        sample_number: body.samples[0]?.sample_number,
        old: null,
        new: { value: 11.2, text: null, censored: null, unit: 'g/dL' },
      },
    });
    expect(corrected).toMatchObject({
      modification_type: 'update',
      log_comment: reason,
      result_change: {
        parameter_name: 'Hémoglobine',
        old: { value: 11.2, unit: 'g/dL' },
        new: { value: 11.4, unit: 'g/dL' },
      },
    });
    expect(corrected?.modification_by_name).toBe(entered?.modification_by_name);
    expect(Date.parse(String(corrected?.modification_timestamp))).toBeGreaterThanOrEqual(
      Date.parse(String(entered?.modification_timestamp)),
    );
    // The trace reads oldest first: the correction comes after the invalidation that opened it.
    const invalidation = (await trace(recordId)).find(
      (entry) => entry.table_name === 'samples' && entry.log_comment === reason,
    );
    expect(invalidation?.modification_id).toBeLessThan(Number(corrected?.modification_id));
  });

  it('keeps a removed result in the trace with the value it had', async () => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Trace',
        patient_name: 'Paul',
        patient_gender: 'M',
        patient_dob: '1975-01-02',
        record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
      },
    });
    const body = created.json<{ record_id: string; samples: Array<{ sample_id: string }> }>();
    const sampleId = String(body.samples[0]?.sample_id);
    expect((await put(secretary, '/api/receive-record', { record_id: body.record_id })).statusCode).toBe(200);
    await saveHaemoglobin(sampleId, 14.1);
    await saveHaemoglobin(sampleId, null);
    const changes = (await trace(body.record_id)).filter((entry) => entry.result_change !== null);
    expect(
      changes.map((entry) => [entry.modification_type, entry.result_change?.old, entry.result_change?.new]),
    ).toEqual([
      ['insert', null, { value: 14.1, text: null, censored: null, unit: 'g/dL' }],
      ['delete', { value: 14.1, text: null, censored: null, unit: 'g/dL' }, null],
    ]);
  });
});
