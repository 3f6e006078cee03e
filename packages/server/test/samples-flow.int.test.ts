import { RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../src/db/schema/index.js';
import { type ApiClient, apiClient } from './client.js';
import { addGlucosePanel, aPatient, type GlucosePanel, type Staff, signInStaff } from './factories.js';
import { codeOf, DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/**
 * Samples advance by themselves and the tube's barcode works everywhere (issue 40): a sample whose
 * ordered analyses all have their results, or are marked not performed (ANE), completes in the
 * save that finished it and its record follows to the validation queue; a scanned sample number
 * finds its record at the Scanner and in the records search, and receives its record at reception.
 */
describe.each(DATABASES)('samples that move on by themselves on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  let ids: GlucosePanel;
  let creatinine: string;
  let kidney: string;
  let bench: ApiClient;
  let frontDesk: ApiClient;
  let admin: ApiClient;

  /** A new patient's record of the analyses named, received unless told otherwise. */
  const newRecord = async (analysisIds: string[], received = true) => {
    const created = await frontDesk.addPatient({
      ...aPatient({ patient_surname: 'Lefèvre' }),
      record_selected_analyses: [{ combination: 1, analysis_ids: analysisIds }],
    });
    if (received) await frontDesk.receiveRecord({ record_id: created.record_id });
    const samples = await Promise.all(
      created.samples.map(async ({ sample_id }) => (await admin.getSample({ sample_id }))[0]),
    );
    const carrying = (analysisId: string) => {
      const found = samples.find((sample) => sample?.sample_analyses.includes(analysisId));
      if (!found) throw new Error(`no sample carries ${analysisId}`);
      return found;
    };
    return { recordId: created.record_id, recordNumber: created.record_number, carrying };
  };
  const sampleStatus = async (sampleId: string) =>
    (await admin.getSample({ sample_id: sampleId }))[0]?.sample_status;
  const recordStatus = async (recordId: string) =>
    (await admin.getRecord({ record_id: recordId }))[0]?.record_status;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    ids = await addGlucosePanel(ctx.app, staff.admin);
    admin = apiClient(ctx.app, staff.admin);
    bench = apiClient(ctx.app, staff.technician);
    frontDesk = apiClient(ctx.app, staff.secretary);
    const [serum] = (await admin.reference('sample_types').list({ search: 'Tube sec' })).data;
    const [blood] = (await admin.reference('matrices').list({ search: 'Sang' })).data;
    const parameter = async (name: string) =>
      String(
        (await admin.reference('parameters').add({ parameter_name: name, parameter_unit: 'µmol/L' }))
          .parameter_id,
      );
    creatinine = await parameter('Créatinine');
    const urea = await parameter('Urée');
    kidney = String(
      (
        await admin.reference('analyses').add({
          analysis_name: 'Bilan rénal',
          analysis_sample_type: String(serum?.sample_type_id),
          analysis_matrix: String(blood?.matrix_id),
          analysis_parameters: [creatinine, urea],
        })
      ).analysis_id,
    );
  });
  afterAll(() => stopTestApp(ctx));

  it('completes a sample whose results are all entered, in the same save, and its record awaits validation', async () => {
    const { recordId, carrying } = await newRecord([ids.panel]);
    const tube = carrying(ids.panel);
    const saved = await bench.updateSampleResults({
      sample_id: tube.sample_id,
      results: [{ parameter_id: ids.glucose, result_value: 0.95 }],
    });
    // The bench's answer already shows the sample complete: no trip to the record page.
    expect(saved.sample.sample_status).toBe(SAMPLE_STATUS.removed);
    expect(await recordStatus(recordId)).toBe(RECORD_STATUS.pendingValidation);
    const [sample] = await admin.getSample({ sample_id: tube.sample_id });
    expect(sample).toMatchObject({
      sample_removed_by: staff.technician.uid,
      sample_removed_at: expect.any(String),
    });
    // The samples list says who took the step and when, by name, and only the steps taken.
    const [listed] = (await admin.getSamples({ search: tube.sample_number })).data;
    expect(listed?.sample_steps).toEqual([
      { step: 'removed', at: sample?.sample_removed_at, by: 'Camille Durand (technicienne)' },
    ]);
    expect(listed).not.toHaveProperty('sample_removed_by_name');
    // Traced as the steps taken by hand are: the sample's status change, by the technician.
    const trail = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.row_id, tube.sample_id), eq(auditTrail.modification_field, 'sample_status')));
    expect(trail).toEqual([
      expect.objectContaining({
        modification_by: staff.technician.uid,
        modification_old_value: '0',
        modification_new_value: '3',
        modification_type: 'update',
      }),
    ]);
    // The validation queue lists it, with no other click.
    const queue = await admin.getRecords({
      'filter_column[]': ['record_status'],
      'filter_value[]': ['3'],
      number_of_records: 100,
    });
    expect(queue.data.map((row) => row.record_id)).toContain(recordId);
  });

  it('leaves a sample with a result still missing as it is, and its record too', async () => {
    const { recordId, carrying } = await newRecord([kidney]);
    const tube = carrying(kidney);
    const saved = await bench.updateSampleResults({
      sample_id: tube.sample_id,
      results: [{ parameter_id: creatinine, result_value: 80 }],
    });
    expect(saved.sample.sample_status).toBe(SAMPLE_STATUS.created);
    expect(await recordStatus(recordId)).toBe(RECORD_STATUS.registered);
    // The samples list says how far it is: one result of two, nothing abnormal.
    const listed = await admin.getSamples({ search: tube.sample_number });
    expect(listed.data[0]).toMatchObject({
      sample_number: tube.sample_number,
      sample_results: { entered: 1, expected: 2 },
      sample_abnormal: false,
    });
  });

  it('completes the sample when its last analysis is marked not performed (ANE)', async () => {
    const { recordId, carrying } = await newRecord([ids.panel, kidney]);
    // The panel and the kidney analyses share the serum tube.
    const tube = carrying(kidney);
    await bench.updateSampleResults({
      sample_id: tube.sample_id,
      results: [{ parameter_id: ids.glucose, result_value: 1.4 }],
    });
    expect(await sampleStatus(tube.sample_id)).toBe(SAMPLE_STATUS.created);
    const listed = await admin.getSamples({ search: tube.sample_number });
    expect(listed.data[0]).toMatchObject({
      sample_results: { entered: 1, expected: 3 },
      sample_abnormal: true,
    });
    await admin.addAne({ record_id: recordId, analysis_id: kidney, ane_code: 'ane1' });
    expect(await sampleStatus(tube.sample_id)).toBe(SAMPLE_STATUS.removed);
    expect(await recordStatus(recordId)).toBe(RECORD_STATUS.pendingValidation);
    const after = await admin.getSamples({ search: tube.sample_number });
    expect(after.data[0]?.sample_results).toEqual({ entered: 1, expected: 1 });
  });

  it('completes a sample whose results came before the record was received, at its reception', async () => {
    const { recordId, carrying } = await newRecord([ids.panel], false);
    const tube = carrying(ids.panel);
    await bench.updateSampleResults({
      sample_id: tube.sample_id,
      results: [{ parameter_id: ids.glucose, result_value: 0.8 }],
    });
    // A pre-registered record's samples are not at the bench yet: they do not move.
    expect(await sampleStatus(tube.sample_id)).toBe(SAMPLE_STATUS.created);
    expect(await recordStatus(recordId)).toBe(RECORD_STATUS.preRegistered);
    await frontDesk.receiveRecord({ record_id: recordId });
    expect(await sampleStatus(tube.sample_id)).toBe(SAMPLE_STATUS.removed);
    expect(await recordStatus(recordId)).toBe(RECORD_STATUS.pendingValidation);
  });

  it('finds the record of a scanned sample number at the Scanner and in the records search', async () => {
    const { recordId, recordNumber, carrying } = await newRecord([ids.panel, ids.count]);
    const tube = carrying(ids.count);
    expect(tube.sample_number.startsWith(`${recordNumber}-`)).toBe(true);
    const found = await admin.getRecords({ search: tube.sample_number });
    expect(found.data.map((row) => row.record_id)).toEqual([recordId]);
    const scanned = await bench.scanRecord({ record_number: tube.sample_number });
    expect(scanned).toMatchObject({ record_id: recordId, record_scanned_at: expect.any(String) });
    // Another tube of the same record: the record was scanned already, and the refusal names it.
    const again = await bench.send('scanRecord', {
      body: { record_number: carrying(ids.panel).sample_number },
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'recordAlreadyScanned']);
    expect(again.json()).toMatchObject({ details: { record_id: recordId, record_number: recordNumber } });
    const unknown = await bench.send('scanRecord', { body: { record_number: `${recordNumber}-99` } });
    expect(codeOf(unknown)).toBe('recordNotFound');
  });

  it('receives the record of a tube scanned at reception, once, and says so for its second tube', async () => {
    const { recordId, carrying } = await newRecord([ids.panel, ids.count], false);
    const first = await frontDesk.receiveSample({ sample_number: carrying(ids.panel).sample_number });
    expect(first).toMatchObject({
      already_received: false,
      record: {
        record_id: recordId,
        record_status: RECORD_STATUS.registered,
        record_received_at: expect.any(String),
      },
    });
    const second = await frontDesk.receiveSample({ sample_number: carrying(ids.count).sample_number });
    expect(second).toMatchObject({ already_received: true, record: { record_id: recordId } });
    const unknown = await frontDesk.send('receiveSample', { body: { sample_number: '000000-01' } });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'sampleNotFound']);
  });

  it('receives the record when the Scanner scans a tube at reception, and scans it once', async () => {
    const { recordId, carrying } = await newRecord([ids.panel, ids.count], false);
    const scanned = await frontDesk.scanRecord({
      record_number: carrying(ids.panel).sample_number,
      receive: true,
    });
    expect(scanned).toMatchObject({ record_id: recordId, record_status: RECORD_STATUS.registered });
    expect(scanned.record_received_at).not.toBeNull();
    expect(scanned.record_scanned_at).not.toBeNull();
    // Its second tube: received and scanned already, said as a second scan of the record is.
    const again = await frontDesk.send('scanRecord', {
      body: { record_number: carrying(ids.count).sample_number, receive: true },
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'recordAlreadyScanned']);
  });
});
