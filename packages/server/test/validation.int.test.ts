import { RECORD_STATUS, RecordPreview, SAMPLE_STATUS, SampleResults } from '@sil/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tx } from '../src/db/open.js';
import { apiClient, type RawInput } from './client.js';
import {
  addGlucosePanel,
  type PendingRecord,
  signInStaff,
  pendingRecord as takenThroughBench,
} from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  directWrite,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
type Pending = PendingRecord;

/**
 * Biological validation (issue 13): the preview a biologist reads, the samples chosen and
 * validated or taken back, every refusal of spec.md §4 'Validation', the order the records come
 * in, and the single step back the database allows, under invalidation only.
 */
describe.each(DATABASES)('biological validation on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let biologist: Session;
  let technician: Session;
  let secretary: Session;
  let ids: { glucose: string; panel: string; count: string };

  const put = (session: Session, name: string, body: Json) => call(ctx.app, session, name, { body });
  const get = (session: Session, name: string, query: RawInput['query'] = {}) =>
    call(ctx.app, session, name, { query });
  const validate = (recordId: string, sampleIds: string[], session = biologist) =>
    call(ctx.app, session, 'validateRecord', { body: { record_id: recordId, sample_ids: sampleIds } });
  const invalidate = (
    recordId: string,
    sampleIds: string[],
    session = biologist,
    reason = 'Résultat à corriger',
  ) =>
    call(ctx.app, session, 'invalidateRecord', {
      body: { record_id: recordId, sample_ids: sampleIds, reason },
    });
  const preview = (recordId: string) => apiClient(ctx.app, biologist).previewRecord({ record_id: recordId });
  const recordStatus = async (recordId: string) => (await preview(recordId)).record.record_status;
  const sampleOf = async (sampleId: string) =>
    (await apiClient(ctx.app, admin).getSample({ sample_id: sampleId }))[0];
  const queue = () => apiClient(ctx.app, biologist).getRecordsToValidate();
  const direct = (work: (tx: Tx) => Promise<unknown>) => directWrite(ctx.database.db, work);
  const asAction = (tx: Tx, action: string) =>
    tx.execute(sql`select set_config('sil.action', ${action}, true)`);
  const setFlags = (query: SQL) => direct((tx) => tx.execute(query));

  /** A record of two samples through the bench, results entered on the panel: it waits for validation. */
  const pendingRecord = (record: Json = {}): Promise<Pending> =>
    takenThroughBench(
      ctx.app,
      { admin, secretary, technician },
      ids,
      {
        patient_surname: 'Valide',
        patient_name: 'Jeanne',
        patient_gender: 'F',
        patient_dob: '1975-04-12',
        ...record,
      },
      1.26,
    );

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    ids = await addGlucosePanel(ctx.app, admin);
  });
  afterAll(() => stopTestApp(ctx));

  it('previews a record with its patient, samples, results, flags and range', async () => {
    const pending = await pendingRecord();
    const answer = await preview(pending.recordId);
    expect(answer.record).toMatchObject({
      record_id: pending.recordId,
      record_status: RECORD_STATUS.pendingValidation,
      patient: { patient_surname: 'Valide' },
    });
    const panel = answer.samples.find((each) => each.sample.sample_id === pending.panel);
    expect(panel?.lines[0]).toMatchObject({
      parameter_name: 'Glucose',
      result: { result_value: 1.26, result_flags: ['high'], result_range_min: 0.7, result_range_max: 1.1 },
      anteriority: null,
    });
    expect(answer.samples.map((each) => each.sample.sample_id).sort()).toEqual(
      [pending.panel, pending.count].sort(),
    );
  });

  it('writes the preview and the sample results by their projection, as the zod check of their schema would', async () => {
    const pending = await pendingRecord();
    const written = [
      [RecordPreview, await get(biologist, 'previewRecord', { record_id: pending.recordId })],
      [SampleResults, await get(biologist, 'getSampleResults', { sample_id: pending.panel })],
    ] as const;
    for (const [schema, answer] of written) {
      expect(answer.statusCode, answer.body).toBe(200);
      // No key the schema leaves out, in the schema's order, as `z.encode` of the parsed answer writes it.
      expect(answer.body).toBe(JSON.stringify(z.encode(schema as z.ZodType, schema.parse(answer.json()))));
    }
  });

  it('validates the chosen samples, and the record once all of them are', async () => {
    const pending = await pendingRecord();
    const first = await validate(pending.recordId, [pending.panel]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().record.record_status).toBe(RECORD_STATUS.pendingValidation);
    expect(await sampleOf(pending.panel)).toMatchObject({
      sample_status: SAMPLE_STATUS.validated,
      sample_validated_by: biologist.uid,
    });
    const second = await validate(pending.recordId, [pending.count]);
    expect(second.json().record).toMatchObject({
      record_status: RECORD_STATUS.pendingSubmission,
      record_validated_at: expect.any(String),
    });
    // A validated result changes only through invalidation.
    const changed = await put(technician, 'updateSampleResults', {
      sample_id: pending.panel,
      results: [{ parameter_id: ids.glucose, result_value: 1, result_last_updated: null }],
    });
    expect(codeOf(changed)).toBe('resultValidated');
    const again = await validate(pending.recordId, [pending.panel]);
    expect(codeOf(again)).toBe('invalidRecordStatusForValidation');
  });

  it("keeps the biologist's interpretation, stamped and traced, until the record is validated in full", async () => {
    const pending = await pendingRecord();
    const stampOf = async () => (await preview(pending.recordId)).record.record_last_updated;
    const read = await stampOf();
    const body = (text: string, stamp = read) => ({
      record_id: pending.recordId,
      record_last_updated: stamp,
      record_interpretation: text,
    });
    expect((await put(secretary, 'setRecordInterpretation', body('Hyperglycémie'))).statusCode).toBe(403);
    const saved = await put(biologist, 'setRecordInterpretation', body('  Hyperglycémie à contrôler  '));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await preview(pending.recordId)).record.record_interpretation).toBe('Hyperglycémie à contrôler');
    // The stamp read before the change is refused: a colleague's text is never overwritten.
    expect(codeOf(await put(biologist, 'setRecordInterpretation', body('Autre', read)))).toBe('staleUpdate');
    const trace = (await get(admin, 'getRecordTrace', { record_id: pending.recordId })).json<Json[]>();
    expect(trace.find((entry) => entry.modification_field === 'record_interpretation')).toMatchObject({
      modification_new_value: 'Hyperglycémie à contrôler',
    });
    // Empty text clears it.
    const cleared = await put(biologist, 'setRecordInterpretation', body('', await stampOf()));
    expect(cleared.json().record_interpretation).toBeNull();
    expect((await validate(pending.recordId, [pending.panel, pending.count])).statusCode).toBe(200);
    expect(codeOf(await put(biologist, 'setRecordInterpretation', body('Tard', await stampOf())))).toBe(
      'invalidRecordStatusForUpdate',
    );
  });

  it('refuses a validation with nothing chosen, on a record not pending validation, or a foreign sample', async () => {
    const pending = await pendingRecord();
    const other = await pendingRecord();
    expect([
      (await validate(pending.recordId, [])).statusCode,
      codeOf(await validate(pending.recordId, [])),
    ]).toEqual([400, 'noSamplesValidated']);
    expect(codeOf(await validate(pending.recordId, [other.panel]))).toBe('sampleNotFound');
    const early = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Tot',
        patient_name: 'Paul',
        patient_gender: 'M',
        patient_dob: '1980-01-01',
        record_selected_analyses: [{ combination: 1, analysis_ids: [ids.count] }],
      },
    });
    const created = early.json<{ record_id: string; samples: Array<{ sample_id: string }> }>();
    expect(codeOf(await validate(created.record_id, [created.samples[0]?.sample_id ?? '']))).toBe(
      'invalidRecordStatusForValidation',
    );
    expect(codeOf(await validate('00000000-0000-4000-8000-000000000000', [pending.panel]))).toBe(
      'recordNotFound',
    );
  });

  it('refuses a validation without the right, with an active NCT or an LBloc', async () => {
    const pending = await pendingRecord();
    const withoutRight = await validate(pending.recordId, [pending.panel], technician);
    expect([withoutRight.statusCode, codeOf(withoutRight)]).toEqual([403, 'insufficientRights']);

    await setFlags(sql`UPDATE samples SET sample_nct_active = true WHERE sample_id = ${pending.panel}`);
    const nct = await validate(pending.recordId, [pending.count, pending.panel]);
    expect([codeOf(nct), nct.json().details.sample_id]).toEqual(['mustCloseNct', pending.panel]);
    // Nothing of the refused choice was validated, not even the sample without an NCT.
    expect((await sampleOf(pending.count))?.sample_status).toBe(SAMPLE_STATUS.removed);
    await setFlags(sql`UPDATE samples SET sample_nct_active = false WHERE sample_id = ${pending.panel}`);

    await setFlags(sql`UPDATE samples SET sample_lbloc_flag = true WHERE sample_id = ${pending.count}`);
    expect(codeOf(await validate(pending.recordId, [pending.count]))).toBe('sampleIsLocked');
    await setFlags(sql`UPDATE samples SET sample_lbloc_flag = false WHERE sample_id = ${pending.count}`);

    await setFlags(sql`UPDATE records SET record_lbloc_flag = true WHERE record_id = ${pending.recordId}`);
    expect(codeOf(await validate(pending.recordId, [pending.panel]))).toBe('activeLBloc');
    await setFlags(sql`UPDATE records SET record_lbloc_flag = false WHERE record_id = ${pending.recordId}`);

    expect((await validate(pending.recordId, [pending.panel, pending.count])).statusCode).toBe(200);
  });

  it('answers the next record to validate: urgent ones first, then the oldest', async () => {
    const older = await pendingRecord();
    const urgent = await pendingRecord({ record_is_urgent: true });
    const newer = await pendingRecord();
    const order = (await queue()).map((each) => each.record_id);
    const at = (id: string) => order.indexOf(id);
    expect(at(urgent.recordId)).toBeGreaterThanOrEqual(0);
    expect(at(urgent.recordId)).toBeLessThan(at(older.recordId));
    expect(at(older.recordId)).toBeLessThan(at(newer.recordId));

    const done = await validate(older.recordId, [older.panel, older.count]);
    const expected = order.filter((id) => id !== older.recordId)[0];
    expect(done.json().next_record_id).toBe(expected);
    expect((await queue()).map((each) => each.record_id)).not.toContain(older.recordId);

    // Once every record is validated, there is no next one.
    for (const id of order.filter((each) => each !== older.recordId)) {
      const { samples } = await preview(id);
      const removed = samples
        .filter((each) => each.sample.sample_status === SAMPLE_STATUS.removed)
        .map((each) => String(each.sample.sample_id));
      await setFlags(sql`UPDATE samples SET sample_nct_active = false, sample_lbloc_flag = false
        WHERE sample_record = ${id}`);
      await setFlags(sql`UPDATE records SET record_lbloc_flag = false WHERE record_id = ${id}`);
      const answer = await validate(id, removed);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const last = await pendingRecord();
    const alone = await validate(last.recordId, [last.panel, last.count]);
    expect(alone.json().next_record_id).toBeNull();
  });

  it('invalidates a validated sample: record and sample back one step, results open again', async () => {
    const pending = await pendingRecord();
    await validate(pending.recordId, [pending.panel, pending.count]);
    expect(await recordStatus(pending.recordId)).toBe(RECORD_STATUS.pendingSubmission);

    const withoutRight = await invalidate(pending.recordId, [pending.panel], technician);
    expect(codeOf(withoutRight)).toBe('insufficientRights');
    expect(codeOf(await invalidate(pending.recordId, []))).toBe('noSamplesValidated');
    // Without a reason, or a blank one, nothing is taken back.
    const withoutReason = await put(biologist, 'invalidateRecord', {
      record_id: pending.recordId,
      sample_ids: [pending.panel],
    });
    expect([withoutReason.statusCode, codeOf(withoutReason)]).toEqual([400, 'missingData']);
    const blank = await invalidate(pending.recordId, [pending.panel], biologist, '   ');
    expect(blank.statusCode).toBe(400);
    expect(await recordStatus(pending.recordId)).toBe(RECORD_STATUS.pendingSubmission);

    const back = await invalidate(pending.recordId, [pending.panel], biologist, '  Résultat à corriger ');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().record).toMatchObject({
      record_status: RECORD_STATUS.pendingValidation,
      record_validated_at: null,
    });
    expect(await sampleOf(pending.panel)).toMatchObject({
      sample_status: SAMPLE_STATUS.removed,
      sample_validated_by: null,
    });
    expect((await sampleOf(pending.count))?.sample_status).toBe(SAMPLE_STATUS.validated);
    // The results stayed, and may be corrected now.
    const { samples } = await preview(pending.recordId);
    const result = samples.find((each) => each.sample.sample_id === pending.panel)?.lines[0]?.result;
    expect(result).toMatchObject({ result_value: 1.26 });
    const corrected = await put(technician, 'updateSampleResults', {
      sample_id: pending.panel,
      results: [
        { parameter_id: ids.glucose, result_value: 0.95, result_last_updated: result?.result_last_updated },
      ],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    // A sample that is not validated cannot be taken back.
    expect(codeOf(await invalidate(pending.recordId, [pending.panel]))).toBe('invalidStatusTransition');
    // The trail names the step back, with its reason (trimmed) on each of its entries.
    const trace = (await get(admin, 'getRecordTrace', { record_id: pending.recordId })).json<Json[]>();
    const step = (field: string) =>
      trace.find(
        (entry) =>
          entry.modification_field === field &&
          Number(entry.modification_old_value) === 4 &&
          Number(entry.modification_new_value) === 3,
      );
    expect(step('record_status')?.log_comment).toBe('Résultat à corriger');
    expect(step('sample_status')?.log_comment).toBe('Résultat à corriger');
  });

  it('refuses an invalidation on a record not yet pending validation', async () => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Tot',
        patient_name: 'Marie',
        patient_gender: 'F',
        patient_dob: '1985-01-01',
        record_selected_analyses: [{ combination: 1, analysis_ids: [ids.count] }],
      },
    });
    const body = created.json<{ record_id: string; samples: Array<{ sample_id: string }> }>();
    const refused = await invalidate(body.record_id, [body.samples[0]?.sample_id ?? '']);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'invalidRecordStatusForInvalidation']);
  });

  it('has the database take the step back only under invalidation', async () => {
    const pending = await pendingRecord();
    await validate(pending.recordId, [pending.panel, pending.count]);
    const sampleTo = (status: number) =>
      sql`UPDATE samples SET sample_status = ${status} WHERE sample_id = ${pending.panel}`;
    const recordTo = (status: number) =>
      sql`UPDATE records SET record_status = ${status} WHERE record_id = ${pending.recordId}`;
    for (const action of ['validation', 'sampleProgress', 'forcedCompletion', 'delivery']) {
      expect(
        await direct(async (tx) => {
          await asAction(tx, action);
          await tx.execute(sampleTo(3));
        }),
      ).toBe('cannotDowngradeStatus');
      expect(
        await direct(async (tx) => {
          await asAction(tx, action);
          await tx.execute(recordTo(3));
        }),
      ).toBe('cannotDowngradeStatus');
    }
    expect(await direct((tx) => tx.execute(sampleTo(3)))).toBe('cannotDowngradeStatus');
    // A validated result changes only under invalidation.
    const resultTo = (value: number) =>
      sql`UPDATE results SET result_value = ${value} WHERE result_sample = ${pending.panel}`;
    expect(await direct((tx) => tx.execute(resultTo(2)))).toBe('resultValidated');
    // Invalidation steps back one step, no further.
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'invalidation');
        await tx.execute(recordTo(2));
      }),
    ).toBe('cannotDowngradeStatus');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'invalidation');
        await tx.execute(sampleTo(2));
      }),
    ).toBe('cannotDowngradeStatus');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'invalidation');
        await tx.execute(sampleTo(3));
        await tx.execute(recordTo(3));
      }),
    ).toBe('accepted');
    expect(
      await direct((tx) =>
        tx.execute(sql`UPDATE samples SET sample_status = 4 WHERE sample_id = ${pending.panel}`),
      ),
    ).toBe('invalidStatusTransition');

    // A sent record (decision 0023): back to pending validation under invalidation only, in one step.
    const sent = await pendingRecord();
    await validate(sent.recordId, [sent.panel, sent.count]);
    const sentTo = (status: number) =>
      sql`UPDATE records SET record_status = ${status} WHERE record_id = ${sent.recordId}`;
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'delivery');
        await tx.execute(sentTo(5));
      }),
    ).toBe('accepted');
    for (const action of ['validation', 'delivery', 'registration'])
      expect(
        await direct(async (tx) => {
          await asAction(tx, action);
          await tx.execute(sentTo(3));
        }),
      ).toBe(action === 'delivery' ? 'cannotDowngradeStatus' : 'invalidRecordStatusForUpdate');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'invalidation');
        await tx.execute(sentTo(4));
      }),
    ).toBe('cannotDowngradeStatus');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'invalidation');
        await tx.execute(sql`UPDATE samples SET sample_status = 3 WHERE sample_record = ${sent.recordId}`);
        await tx.execute(sentTo(3));
      }),
    ).toBe('accepted');
  });
});
