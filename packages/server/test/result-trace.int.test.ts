import { SAMPLE_STATUS } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from './client.js';
import { aPatient, seedCatalogue, signInStaff } from './factories.js';
import { DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/**
 * Every change of a result is in the record's trace (issue 37; ISO 15189 7.6 and 8.4, ISO/IEC
 * 17025 7.5.2): the parameter, what was reported before and after with its unit, who and when, and
 * for a correction after validation the reason given when the record was invalidated.
 */
describe.each(DATABASES)('the trace of results on %s', (kind) => {
  let ctx: TestContext;
  let admin: ApiClient;
  let secretary: ApiClient;
  let technician: ApiClient;
  let biologist: ApiClient;
  let haemoglobin: string;
  let analysis: string;

  const trace = (recordId: string) => admin.getRecordTrace({ record_id: recordId });
  const saveHaemoglobin = async (sampleId: string, value: number | null) => {
    const { lines } = await technician.getSampleResults({ sample_id: sampleId });
    const current = lines.find((line) => line.parameter_id === haemoglobin);
    await technician.updateSampleResults({
      sample_id: sampleId,
      results: [
        {
          parameter_id: haemoglobin,
          result_value: value,
          result_last_updated: current?.result?.result_last_updated ?? null,
        },
      ],
    });
  };
  const register = (patient: { patient_name: string; patient_gender: 'F' | 'M'; patient_dob: string }) =>
    secretary.addPatient({
      ...aPatient({ patient_surname: 'Trace', ...patient }),
      record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
    });

  beforeAll(async () => {
    ctx = await startTestApp(kind, { DELIVERY_POLL_SECONDS: '0' });
    const staff = await signInStaff(ctx.app);
    admin = apiClient(ctx.app, staff.admin);
    secretary = apiClient(ctx.app, staff.secretary);
    technician = apiClient(ctx.app, staff.technician);
    biologist = apiClient(ctx.app, staff.biologist);
    const catalogue = await seedCatalogue(ctx.app, staff.admin);
    const added = await admin.reference('parameters').add({
      parameter_name: 'Hémoglobine',
      parameter_unit: 'g/dL',
      parameter_decimals: 1,
      parameter_ranges: [{ population: 'default', min: 12, max: 16 }],
    });
    haemoglobin = String(added.parameter_id);
    const created = await admin.reference('analyses').add({
      analysis_name: 'Hémoglobine',
      analysis_sample_type: catalogue.edta,
      analysis_matrix: catalogue.blood,
      analysis_parameters: [haemoglobin],
    });
    analysis = String(created.analysis_id);
  });
  afterAll(() => stopTestApp(ctx));

  it('lists the entry, the correction after invalidation with its reason, and the removal', async () => {
    const body = await register({ patient_name: 'Élodie', patient_gender: 'F', patient_dob: '1981-05-14' });
    const recordId = body.record_id;
    const sampleId = String(body.samples[0]?.sample_id);
    await secretary.receiveRecord({ record_id: recordId });
    await saveHaemoglobin(sampleId, 11.2);
    await technician.updateSampleStatus({ sample_id: sampleId, sample_status: SAMPLE_STATUS.removed });
    const validate = () => biologist.validateRecord({ record_id: recordId, sample_ids: [sampleId] });
    await validate();
    const reason = 'Tube hémolysé : valeur contrôlée sur un second prélèvement';
    await biologist.invalidateRecord({ record_id: recordId, sample_ids: [sampleId], reason });
    await saveHaemoglobin(sampleId, 11.4);
    await validate();

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
    const body = await register({ patient_name: 'Paul', patient_gender: 'M', patient_dob: '1975-01-02' });
    const sampleId = String(body.samples[0]?.sample_id);
    await secretary.receiveRecord({ record_id: body.record_id });
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
