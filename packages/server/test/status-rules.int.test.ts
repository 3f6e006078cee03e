import { type AddPatientBody, RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/open.js';
import { apiClient } from './client.js';
import { addGlucosePanel, aPatient, signInStaff } from './factories.js';
import {
  codeOf,
  DATABASES,
  directWrite,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

interface Created {
  record_id: string;
  patient_id: string;
  samples: Array<{ sample_id: string }>;
}

/**
 * Statuses by rule (issue 13): a sample is validated only through validation and a record sent only
 * through delivery, whoever asks and even in SQL; completing a sample with missing results needs
 * the user's confirmation; the record follows its samples by one rule; and the patient's history
 * lists the results, newest first.
 */
describe.each(DATABASES)('statuses by rule and the results history on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let secretary: Session;
  let technician: Session;
  let biologist: Session;
  let ids: { glucose: string; panel: string; count: string };

  const as = (session: Session) => apiClient(ctx.app, session);
  const record = async (id: string) => {
    const [found] = await as(admin).getRecord({ record_id: id });
    if (!found) throw new Error(`record ${id} not found`);
    return found;
  };
  const moveSample = (sampleId: string, status: number, forceSave?: boolean) =>
    as(technician).send('updateSampleStatus', {
      body: {
        sample_id: sampleId,
        sample_status: status,
        ...(forceSave === undefined ? {} : { force_save: forceSave }),
      },
    });
  const saveGlucose = (sampleId: string, value: number) =>
    as(technician).updateSampleResults({
      sample_id: sampleId,
      results: [{ parameter_id: ids.glucose, result_value: value }],
    });
  /** A received record of the given analyses, for a new patient or `patientId`'s. */
  const receivedRecord = async (
    analyses: string[],
    extra: Partial<AddPatientBody> = {},
  ): Promise<Created> => {
    const created = await as(secretary).addPatient({
      ...('patient_id' in extra
        ? {}
        : aPatient({ patient_surname: 'Regle', patient_name: 'Anne', patient_dob: '1968-03-04' })),
      ...extra,
      record_selected_analyses: [{ combination: 1, analysis_ids: analyses }],
    });
    await as(secretary).receiveRecord({ record_id: created.record_id });
    return created;
  };
  /** The record's sample that carries `analysisId`. */
  const sampleCarrying = async (created: Created, analysisId: string) => {
    for (const { sample_id } of created.samples) {
      const [sample] = await as(admin).getSample({ sample_id });
      if (sample?.sample_analyses.includes(analysisId)) return sample_id;
    }
    throw new Error(`no sample carries ${analysisId}`);
  };
  const direct = (work: (tx: Tx) => Promise<unknown>) => directWrite(ctx.database.db, work);
  const recordUpdateAs = (action: string | null, recordId: string, status: number) =>
    direct(async (tx) => {
      if (action) await tx.execute(sql`select set_config('sil.action', ${action}, true)`);
      await tx.execute(sql`UPDATE records SET record_status = ${status} WHERE record_id = ${recordId}`);
    });
  const resultsPage = (patientId: string, page: number, size: number) =>
    as(secretary).getPatientResults({ patient_id: patientId, page_number: page, number_of_records: size });

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    ids = await addGlucosePanel(ctx.app, admin);
  });
  afterAll(() => stopTestApp(ctx));

  it('completes a sample without asking once every result is entered', async () => {
    const created = await receivedRecord([ids.panel]);
    const sampleId = await sampleCarrying(created, ids.panel);
    expect(codeOf(await moveSample(sampleId, SAMPLE_STATUS.removed))).toBe('forceSaveRequired');
    await saveGlucose(sampleId, 0.95);
    const completed = await moveSample(sampleId, SAMPLE_STATUS.removed);
    expect([completed.statusCode, completed.json().sample_status]).toEqual([200, SAMPLE_STATUS.removed]);
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.pendingValidation);
  });

  it('moves the record with its samples by rule, and to sent only by delivery', async () => {
    const created = await receivedRecord([ids.panel, ids.count]);
    const panel = await sampleCarrying(created, ids.panel);
    const count = await sampleCarrying(created, ids.count);
    expect(panel).not.toBe(count);
    const status = async () => (await record(created.record_id)).record_status;
    expect(await status()).toBe(RECORD_STATUS.registered);
    expect((await moveSample(panel, SAMPLE_STATUS.prepared)).statusCode).toBe(200);
    expect(await status()).toBe(RECORD_STATUS.processing);
    await saveGlucose(panel, 1.26);
    expect((await moveSample(panel, SAMPLE_STATUS.removed)).statusCode).toBe(200);
    // One sample still at the bench: the record is still processing.
    expect(await status()).toBe(RECORD_STATUS.processing);
    const asked = await moveSample(count, SAMPLE_STATUS.removed);
    expect([asked.statusCode, asked.json().details]).toEqual([
      403,
      { missing_results: [ids.count], force_save: true },
    ]);
    expect((await moveSample(count, SAMPLE_STATUS.removed, true)).statusCode).toBe(200);
    expect(await status()).toBe(RECORD_STATUS.pendingValidation);

    const validate = (sampleIds: string[]) =>
      as(biologist).validateRecord({ record_id: created.record_id, sample_ids: sampleIds });
    expect((await validate([panel])).record.record_status).toBe(RECORD_STATUS.pendingValidation);
    expect((await validate([count])).record).toMatchObject({
      record_status: RECORD_STATUS.pendingSubmission,
      record_validated_at: expect.any(String),
    });
    const back = await as(biologist).invalidateRecord({
      record_id: created.record_id,
      sample_ids: [count],
      reason: 'Numération à refaire',
    });
    expect(back.record).toMatchObject({
      record_status: RECORD_STATUS.pendingValidation,
      record_validated_at: null,
    });

    // Pending validation: nobody sends it, by the API or in SQL, whatever action is named.
    const read = await record(created.record_id);
    const bySecretary = await as(secretary).send('updateRecordStatus', {
      body: {
        record_id: created.record_id,
        record_last_updated: read.record_last_updated,
        record_status: RECORD_STATUS.sent,
      },
    });
    expect([bySecretary.statusCode, codeOf(bySecretary)]).toEqual([409, 'invalidStatusTransition']);
    for (const action of [null, 'registration', 'sampleProgress', 'validation', 'delivery'])
      expect(await recordUpdateAs(action, created.record_id, RECORD_STATUS.sent)).toBe(
        'invalidStatusTransition',
      );
    expect(await recordUpdateAs('sampleProgress', created.record_id, RECORD_STATUS.pendingSubmission)).toBe(
      'invalidStatusTransition',
    );

    // Pending submission: only delivery sends it.
    expect((await validate([count])).record.record_status).toBe(RECORD_STATUS.pendingSubmission);
    for (const action of [null, 'registration', 'sampleProgress', 'forcedCompletion', 'validation'])
      expect(await recordUpdateAs(action, created.record_id, RECORD_STATUS.sent)).toBe(
        'invalidStatusTransition',
      );
    const again = await record(created.record_id);
    const byAdmin = await as(admin).send('updateRecordStatus', {
      body: {
        record_id: created.record_id,
        record_last_updated: again.record_last_updated,
        record_status: RECORD_STATUS.sent,
      },
    });
    expect([byAdmin.statusCode, codeOf(byAdmin)]).toEqual([409, 'invalidStatusTransition']);
    expect(await recordUpdateAs('delivery', created.record_id, RECORD_STATUS.sent)).toBe('accepted');
    expect(await status()).toBe(RECORD_STATUS.sent);
  });

  it("lists the patient's results newest first, a page at a time, with whether each is validated", async () => {
    const earlier = await receivedRecord([ids.panel], {
      patient_surname: 'Historique',
      record_collection_datetime: '2026-01-10T08:00:00.000Z',
    });
    const earlierSample = await sampleCarrying(earlier, ids.panel);
    await saveGlucose(earlierSample, 0.82);
    expect((await moveSample(earlierSample, SAMPLE_STATUS.removed)).statusCode).toBe(200);
    await as(biologist).validateRecord({ record_id: earlier.record_id, sample_ids: [earlierSample] });
    const later = await receivedRecord([ids.panel], {
      patient_id: earlier.patient_id,
      record_collection_datetime: '2026-03-15T08:00:00.000Z',
    });
    await saveGlucose(await sampleCarrying(later, ids.panel), 1.26);
    // A third record, never measured, lists nothing.
    await receivedRecord([ids.count], { patient_id: earlier.patient_id });

    const first = await resultsPage(earlier.patient_id, 1, 1);
    expect([first.number_of_rows, first.number_of_pages]).toEqual([2, 2]);
    expect(first.data).toEqual([
      expect.objectContaining({
        record_id: later.record_id,
        analysis_name: 'Glycémie à jeun',
        parameter_name: 'Glucose',
        result_value: 1.26,
        result_unit: 'g/L',
        result_flags: ['high'],
        result_validated: false,
        collected_at: expect.any(String),
      }),
    ]);
    const second = await resultsPage(earlier.patient_id, 2, 1);
    expect(second.data).toEqual([
      expect.objectContaining({ record_id: earlier.record_id, result_value: 0.82, result_validated: true }),
    ]);
    const all = await resultsPage(earlier.patient_id, 1, 25);
    expect(all.data.map((row) => row.result_value)).toEqual([1.26, 0.82]);
    const past = await resultsPage(earlier.patient_id, 3, 1);
    expect([past.data, past.number_of_rows]).toEqual([[], 2]);

    const unknown = await as(secretary).send('getPatientResults', {
      query: { patient_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'patientNotFound']);
  });
});
