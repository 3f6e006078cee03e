import { allTransitions, RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/open.js';
import { records, statusTransitions } from '../src/db/schema/index.js';
import { databaseRefusal } from '../src/lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { moveRecordStatus } from '../src/modules/records/index.js';
import { apiClient } from './client.js';
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
interface Created {
  record_id: string;
  samples: Array<{ sample_id: string }>;
}

/**
 * Statuses follow spec.md §4 and only those (issue 10, finding 3): forward, one step at a time, each
 * by the action that owns it; cancelled and sent records are frozen; notes carry a stamp. Checked
 * through the API and, underneath it, by the database's own triggers.
 */
describe.each(DATABASES)('status transitions on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let secretary: Session;
  let technician: Session;
  let biologist: Session;
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;

  const as = (session: Session) => apiClient(ctx.app, session);
  /** Sends a call raw: the tests below read its refusals and statuses. */
  const send = (session: Session, name: string, body: Json) => as(session).send(name, { body });
  const record = async (id: string) =>
    (await call(ctx.app, admin, 'getRecord', { query: { record_id: id } })).json<Json[]>()[0] ?? {};
  const sampleStatus = async (id: string) =>
    (await call(ctx.app, admin, 'getSample', { query: { sample_id: id } })).json<Json[]>()[0]?.sample_status;
  /** A new pre-registered record with one sample (one analysis, one tube). */
  const newRecord = async (): Promise<Created> =>
    (
      await call(ctx.app, secretary, 'addPatient', {
        body: {
          patient_surname: 'Martin',
          patient_name: 'Paul',
          patient_gender: 'M',
          patient_dob: '1970-01-02',
          record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
        },
      })
    ).json<Created>();
  const setStatus = (session: Session, id: string, stamp: unknown, status: number) =>
    send(session, 'updateRecordStatus', {
      record_id: id,
      record_last_updated: stamp,
      record_status: status,
    });
  const moveSample = (session: Session, sampleId: string, status: number, forceSave?: boolean) =>
    send(session, 'updateSampleStatus', {
      sample_id: sampleId,
      sample_status: status,
      ...(forceSave === undefined ? {} : { force_save: forceSave }),
    });
  /** A direct write under an acting user, as the service would make it: the catalogue code the database answers. */
  const direct = async (work: (tx: Tx) => Promise<unknown>) => {
    try {
      await writeTransaction(ctx.database.db, SYSTEM_ACTOR, work);
      return 'accepted';
    } catch (error) {
      return databaseRefusal(error)?.code ?? String(error);
    }
  };
  const asAction = (tx: Tx, action: string) =>
    tx.execute(sql`select set_config('sil.action', ${action}, true)`);
  const run = (tx: Tx, query: SQL) => tx.execute(query);
  /** A record taken all the way to 'sent' by the actions that own each step. */
  const sentRecord = async (): Promise<Created> => {
    const created = await newRecord();
    const sampleId = created.samples[0]?.sample_id ?? '';
    await as(secretary).receiveRecord({ record_id: created.record_id });
    expect((await moveSample(technician, sampleId, SAMPLE_STATUS.removed, true)).statusCode).toBe(200);
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.pendingValidation);
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      await asAction(tx, 'validation');
      await run(tx, sql`UPDATE samples SET sample_status = 4 WHERE sample_id = ${sampleId}`);
      const [row] = await tx.select().from(records).where(eq(records.record_id, created.record_id));
      if (!row) throw new Error('record missing');
      const validated = await moveRecordStatus(tx, row, RECORD_STATUS.pendingSubmission, 'validation');
      await asAction(tx, 'delivery');
      await run(tx, sql`UPDATE samples SET sample_status = 5 WHERE sample_id = ${sampleId}`);
      await moveRecordStatus(tx, validated, RECORD_STATUS.sent, 'delivery');
    });
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.sent);
    return created;
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    catalogue = await seedCatalogue(ctx.app, admin);
  });
  afterAll(() => stopTestApp(ctx));

  it('refuses a record jumping from pre-registered to sent, by the front desk or a technician', async () => {
    const created = await newRecord();
    const read = await record(created.record_id);
    for (const session of [secretary, technician, admin]) {
      for (const jump of [RECORD_STATUS.processing, RECORD_STATUS.pendingSubmission, RECORD_STATUS.sent]) {
        const refused = await setStatus(session, created.record_id, read.record_last_updated, jump);
        expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'invalidStatusTransition']);
      }
    }
    expect(await record(created.record_id)).toMatchObject({ record_status: 0 });
  });

  it('lets staff register a record by hand, and nothing after that', async () => {
    const created = await newRecord();
    const read = await record(created.record_id);
    const registered = await setStatus(secretary, created.record_id, read.record_last_updated, 1);
    expect([registered.statusCode, registered.json().record_status]).toEqual([200, 1]);
    const again = await setStatus(secretary, created.record_id, registered.json().record_last_updated, 1);
    expect([again.statusCode, again.json().record_last_updated]).toEqual([
      200,
      registered.json().record_last_updated,
    ]);
    // 'Processing' follows the samples; update-record-status does not own it.
    const processing = await setStatus(
      secretary,
      created.record_id,
      registered.json().record_last_updated,
      2,
    );
    expect(codeOf(processing)).toBe('invalidStatusTransition');
    const back = await setStatus(secretary, created.record_id, registered.json().record_last_updated, 0);
    expect(codeOf(back)).toBe('cannotDowngradeStatus');
    const stale = await setStatus(secretary, created.record_id, read.record_last_updated, 1);
    expect(codeOf(stale)).toBe('staleUpdate');
  });

  it('walks the legal steps: received, processing with the first sample, pending validation when all are done', async () => {
    const created = await newRecord();
    const sampleId = created.samples[0]?.sample_id ?? '';
    const early = await moveSample(technician, sampleId, SAMPLE_STATUS.prepared);
    expect([codeOf(early), early.json().details.reason]).toEqual([
      'invalidRecordStatusForUpdate',
      'notReceived',
    ]);
    const received = await as(secretary).receiveRecord({ record_id: created.record_id });
    expect(received).toMatchObject({ record_status: 1 });
    expect((await moveSample(technician, sampleId, SAMPLE_STATUS.prepared)).json()).toMatchObject({
      sample_status: 1,
    });
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.processing);
    expect((await moveSample(technician, sampleId, SAMPLE_STATUS.removed, true)).statusCode).toBe(200);
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.pendingValidation);
    expect(codeOf(await moveSample(technician, sampleId, SAMPLE_STATUS.injected))).toBe(
      'cannotDowngradeStatus',
    );
    const trace = (
      await call(ctx.app, admin, 'getRecordTrace', { query: { record_id: created.record_id } })
    ).json<Json[]>();
    const steps = trace
      .filter((entry) => entry.table_name === 'records' && entry.modification_field === 'record_status')
      .map((entry) => `${entry.modification_old_value}→${entry.modification_new_value}`);
    expect(steps.sort()).toEqual(['0→1', '1→2', '2→3']);
  });

  it('lets two benches move two samples of one record at the same time', async () => {
    const created = (
      await call(ctx.app, secretary, 'addPatient', {
        body: {
          patient_surname: 'Martin',
          patient_name: 'Jeanne',
          patient_gender: 'F',
          patient_dob: '1975-06-07',
          record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs, catalogue.glucose] }],
        },
      })
    ).json<Created>();
    expect(created.samples).toHaveLength(2);
    await as(secretary).receiveRecord({ record_id: created.record_id });
    const other = await login(ctx.app, 'technicien@demo.lab');
    const both = async (status: number) =>
      (
        await Promise.all(
          created.samples.map((sample, index) =>
            moveSample(index === 0 ? technician : other, sample.sample_id, status, true),
          ),
        )
      ).map((answer) => answer.statusCode);
    expect(await both(SAMPLE_STATUS.prepared)).toEqual([200, 200]);
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.processing);
    expect(await both(SAMPLE_STATUS.removed)).toEqual([200, 200]);
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.pendingValidation);
  });

  it('completes a sample with missing results only with force_save, and never validates or sends it by hand', async () => {
    const created = await newRecord();
    const sampleId = created.samples[0]?.sample_id ?? '';
    await as(secretary).receiveRecord({ record_id: created.record_id });
    for (const session of [technician, biologist, admin])
      for (const status of [SAMPLE_STATUS.validated, SAMPLE_STATUS.reportSent])
        for (const forceSave of [undefined, true]) {
          const refused = await moveSample(session, sampleId, status, forceSave);
          expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'invalidStatusTransition']);
        }
    const asked = await moveSample(technician, sampleId, SAMPLE_STATUS.removed);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({
      code: 'forceSaveRequired',
      details: { missing_results: [catalogue.nfs], force_save: true },
    });
    expect(codeOf(await moveSample(technician, sampleId, SAMPLE_STATUS.removed, false))).toBe(
      'forceSaveRequired',
    );
    expect(await sampleStatus(sampleId)).toBe(SAMPLE_STATUS.created);
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.registered);
    // The steps before completion need no confirmation.
    expect((await moveSample(technician, sampleId, SAMPLE_STATUS.injected)).statusCode).toBe(200);
    const forced = await moveSample(technician, sampleId, SAMPLE_STATUS.removed, true);
    expect([forced.statusCode, forced.json().sample_status]).toEqual([200, SAMPLE_STATUS.removed]);
    // The forced sample is done: the record waits for validation, which alone moves it on.
    expect((await record(created.record_id)).record_status).toBe(RECORD_STATUS.pendingValidation);
    for (const status of [SAMPLE_STATUS.validated, SAMPLE_STATUS.reportSent])
      expect(codeOf(await moveSample(biologist, sampleId, status, true))).toBe('invalidStatusTransition');
    expect(await sampleStatus(sampleId)).toBe(SAMPLE_STATUS.removed);
  });

  it('freezes a sent record: no status, no sample move, no note, no update', async () => {
    const created = await sentRecord();
    const sampleId = created.samples[0]?.sample_id ?? '';
    const read = await record(created.record_id);
    const stamp = read.record_last_updated;
    const refusals = [
      await setStatus(admin, created.record_id, stamp, RECORD_STATUS.sent),
      await setStatus(admin, created.record_id, stamp, RECORD_STATUS.registered),
      await send(secretary, 'updateRecordComments', {
        record_id: created.record_id,
        record_last_updated: stamp,
        record_internal_notes: 'Après envoi',
      }),
      await send(secretary, 'updatePatient', {
        record_id: created.record_id,
        record_last_updated: stamp,
        record_is_urgent: true,
      }),
      await send(secretary, 'cancelRecord', {
        record_id: created.record_id,
        record_last_updated: stamp,
        record_annulment_explanation: 'Erreur de saisie',
      }),
      await send(secretary, 'receiveRecord', { record_id: created.record_id }),
      await moveSample(technician, sampleId, SAMPLE_STATUS.prepared),
    ];
    expect(refusals.map(codeOf)).toEqual(Array(refusals.length).fill('invalidRecordStatusForUpdate'));
    expect(await sampleStatus(sampleId)).toBe(SAMPLE_STATUS.reportSent);
    expect(await record(created.record_id)).toMatchObject({
      record_status: RECORD_STATUS.sent,
      record_last_updated: stamp,
      record_internal_notes: null,
    });
  });

  it('freezes a cancelled record: no status, no sample move, no note', async () => {
    const created = await newRecord();
    const sampleId = created.samples[0]?.sample_id ?? '';
    const read = await record(created.record_id);
    const cancelled = await as(secretary).cancelRecord({
      record_id: created.record_id,
      record_last_updated: String(read.record_last_updated),
      record_annulment_explanation: 'Mauvais patient',
      replace: false,
    });
    const stamp = cancelled.cancelled.record_last_updated;
    const refusals = [
      await setStatus(secretary, created.record_id, stamp, RECORD_STATUS.registered),
      await send(secretary, 'updateRecordComments', {
        record_id: created.record_id,
        record_last_updated: stamp,
        record_internal_notes: 'Après annulation',
      }),
      await send(secretary, 'receiveRecord', { record_id: created.record_id }),
      await send(secretary, 'scanRecord', { record_number: read.record_number }),
      await moveSample(technician, sampleId, SAMPLE_STATUS.prepared),
      await moveSample(biologist, sampleId, SAMPLE_STATUS.validated, true),
    ];
    expect(refusals.map(codeOf)).toEqual(Array(refusals.length).fill('invalidRecordStatusForUpdate'));
    expect(await sampleStatus(sampleId)).toBe(SAMPLE_STATUS.created);
    expect(await record(created.record_id)).toMatchObject({ record_status: 0, record_received_at: null });
  });

  it('takes a note only with the stamp as read', async () => {
    const created = await newRecord();
    const read = await record(created.record_id);
    const note = (stamp: unknown, text: string) =>
      send(secretary, 'updateRecordComments', {
        record_id: created.record_id,
        ...(stamp === undefined ? {} : { record_last_updated: stamp }),
        record_internal_notes: text,
      });
    expect(codeOf(await note(undefined, 'Sans tampon'))).toBe('missingData');
    const saved = await note(read.record_last_updated, 'Rappeler le patient');
    expect([saved.statusCode, saved.json().record_internal_notes]).toEqual([200, 'Rappeler le patient']);
    const stale = await note(read.record_last_updated, 'Écrase la note');
    expect(codeOf(stale)).toBe('staleUpdate');
    const resent = await note(
      stale.json().details.current_last_updated,
      'Rappeler le patient, puis le médecin',
    );
    expect(resent.json().record_internal_notes).toBe('Rappeler le patient, puis le médecin');
  });

  it('has the database refuse a jump made in SQL, unless the owning action is named', async () => {
    const created = await newRecord();
    const sampleId = created.samples[0]?.sample_id ?? '';
    const recordTo = (status: number) =>
      sql`UPDATE records SET record_status = ${status} WHERE record_id = ${created.record_id}`;
    const sampleTo = (status: number) =>
      sql`UPDATE samples SET sample_status = ${status} WHERE sample_id = ${sampleId}`;
    expect(await direct((tx) => run(tx, recordTo(5)))).toBe('invalidStatusTransition');
    expect(await direct((tx) => run(tx, recordTo(1)))).toBe('invalidStatusTransition');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'delivery');
        await run(tx, recordTo(5));
      }),
    ).toBe('invalidStatusTransition');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'registration');
        await run(tx, recordTo(1));
      }),
    ).toBe('accepted');
    expect(await direct((tx) => run(tx, recordTo(0)))).toBe('cannotDowngradeStatus');
    expect(await direct((tx) => run(tx, sampleTo(4)))).toBe('invalidStatusTransition');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'sampleProgress');
        await run(tx, sampleTo(4));
      }),
    ).toBe('invalidStatusTransition');
    // 'Validated' is validation's alone: a forced completion, or no action at all, stops at 'removed'.
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'forcedCompletion');
        await run(tx, sampleTo(4));
      }),
    ).toBe('invalidStatusTransition');
    expect(await direct((tx) => run(tx, sampleTo(3)))).toBe('invalidStatusTransition');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'forcedCompletion');
        await run(tx, sampleTo(3));
      }),
    ).toBe('accepted');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'validation');
        await run(tx, sampleTo(4));
      }),
    ).toBe('accepted');
    expect(await direct((tx) => run(tx, sampleTo(3)))).toBe('cannotDowngradeStatus');
  });

  it('has the database keep cancelled and sent records frozen', async () => {
    const sent = await sentRecord();
    const notes = (id: string) =>
      sql`UPDATE records SET record_internal_notes = 'modifié' WHERE record_id = ${id}`;
    expect(await direct((tx) => run(tx, notes(sent.record_id)))).toBe('invalidRecordStatusForUpdate');
    expect(
      await direct((tx) =>
        run(
          tx,
          sql`UPDATE samples SET sample_observations = 'x' WHERE sample_id = ${sent.samples[0]?.sample_id}`,
        ),
      ),
    ).toBe('invalidRecordStatusForUpdate');
    const created = await newRecord();
    expect(
      await direct((tx) =>
        run(tx, sql`UPDATE records SET record_annulr_flag = true WHERE record_id = ${created.record_id}`),
      ),
    ).toBe('accepted');
    expect(await direct((tx) => run(tx, notes(created.record_id)))).toBe('invalidRecordStatusForUpdate');
    expect(
      await direct(async (tx) => {
        await asAction(tx, 'registration');
        await run(tx, sql`UPDATE records SET record_status = 1 WHERE record_id = ${created.record_id}`);
      }),
    ).toBe('invalidRecordStatusForUpdate');
  });

  it('holds in the database exactly the steps of the contract', async () => {
    const rows = await ctx.database.db.select().from(statusTransitions);
    const key = (step: { entity: string; from: number; to: number; action: string }) =>
      `${step.entity} ${step.from}→${step.to} ${step.action}`;
    expect(rows.map((row) => key({ ...row, from: row.from_status, to: row.to_status })).sort()).toEqual(
      allTransitions().map(key).sort(),
    );
  });
});
