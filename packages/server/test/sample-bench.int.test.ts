import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../src/db/schema/index.js';
import { seedCatalogue } from './factories.js';
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

/**
 * The bench's part of a sample (issue 13): its machine, collection and notes changed with a stamp,
 * and each step of its progress signed by whoever took it, by the database.
 */
describe.each(DATABASES)('samples at the bench on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let technician: Session;
  let secretary: Session;
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
  let machine: string;

  const sample = async (id: string) =>
    (await call(ctx.app, technician, 'getSample', { query: { sample_id: id } })).json<Json[]>()[0] ?? {};
  const newSample = async () => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: "d'Artagnan",
        patient_name: 'Charles',
        patient_gender: 'M',
        patient_dob: '1970-05-04',
        record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
      },
    });
    const body = created.json<{ record_id: string; samples: Array<{ sample_id: string }> }>();
    return { recordId: body.record_id, sampleId: body.samples[0]?.sample_id ?? '' };
  };
  const update = (payload: Json, session = technician) =>
    call(ctx.app, session, { method: 'PUT', url: '/api/update-sample', payload });

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    technician = await login(ctx.app, 'technicien@demo.lab');
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    catalogue = await seedCatalogue(ctx.app, admin);
    const added = await call(ctx.app, admin, 'addMachine', {
      body: { machine_name: 'Sysmex XN-1000', machine_code: 'XN1000' },
    });
    expect(added.statusCode, added.body).toBe(200);
    machine = String(added.json<Json>().machine_id);
  });
  afterAll(() => stopTestApp(ctx));

  it('changes the machine, collection and observations with the stamp read, and only then', async () => {
    const { sampleId } = await newSample();
    const read = await sample(sampleId);
    const changed = await update({
      sample_id: sampleId,
      sample_last_updated: read.sample_last_updated,
      sample_machine: machine,
      sample_collection_datetime: '2026-11-23T08:15',
      sample_observations: 'Tube hémolysé, recontrôlé',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      sample_machine: machine,
      sample_observations: 'Tube hémolysé, recontrôlé',
      sample_collection_datetime: expect.stringMatching(/^2026-11-23T0[78]:15:00\.000Z$/),
    });
    const stale = await update({
      sample_id: sampleId,
      sample_last_updated: read.sample_last_updated,
      sample_observations: 'Écrasé',
    });
    expect([stale.statusCode, codeOf(stale)]).toEqual([409, 'staleUpdate']);
    expect((await sample(sampleId)).sample_observations).toBe('Tube hémolysé, recontrôlé');
  });

  it("refuses another laboratory's or an unknown machine, and the front desk", async () => {
    const { sampleId } = await newSample();
    const read = await sample(sampleId);
    const unknown = await update({
      sample_id: sampleId,
      sample_last_updated: read.sample_last_updated,
      sample_machine: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'machineNotFound']);
    const desk = await update(
      { sample_id: sampleId, sample_last_updated: read.sample_last_updated, sample_observations: 'x' },
      secretary,
    );
    expect([desk.statusCode, codeOf(desk)]).toEqual([403, 'noAdminRights']);
  });

  it('signs each step of the progress with who took it and when, outside the trail', async () => {
    const { recordId, sampleId } = await newSample();
    await call(ctx.app, secretary, 'receiveRecord', { body: { record_id: recordId } });
    const before = Date.now();
    const prepared = await call(ctx.app, technician, 'updateSampleStatus', {
      body: { sample_id: sampleId, sample_status: 1 },
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const signed = prepared.json<Json>();
    expect(signed.sample_prepared_by).toBe(technician.uid);
    expect(new Date(String(signed.sample_prepared_at)).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(signed.sample_injected_by).toBeNull();
    await call(ctx.app, admin, 'updateSampleStatus', {
      body: { sample_id: sampleId, sample_status: 3, force_save: true },
    });
    const removed = await sample(sampleId);
    expect(removed).toMatchObject({ sample_prepared_by: technician.uid, sample_removed_by: admin.uid });
    // The status change itself is traced with its author; the signatures are not traced twice.
    const signatures = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.row_id, sampleId), like(auditTrail.modification_field, '%\\_by')));
    expect(signatures).toEqual([]);
  });
});
