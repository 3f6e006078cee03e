import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from './factories.js';
import {
  call,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/** The stale-update answer gives the current stamp in the format the API takes back (finding 6). */
describe.each(DATABASES)('a stale update on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
  const put = (url: string, payload: Json) => call(ctx.app, admin, { method: 'PUT', url, payload });
  const getOne = async (url: string) =>
    (await call(ctx.app, admin, { method: 'GET', url })).json<Json[]>()[0] ?? {};

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    catalogue = await seedCatalogue(ctx.app, admin);
  });
  afterAll(() => stopTestApp(ctx));

  it('can be resent with current_last_updated as it came (reference table)', async () => {
    const read = await getOne(`/api/get-matrix?matrix_id=${catalogue.blood}`);
    const first = await put('/api/update-matrix', {
      matrix_id: catalogue.blood,
      matrix_last_updated: read.matrix_last_updated,
      matrix_name: 'Sang total',
    });
    expect(first.statusCode).toBe(200);
    const stale = await put('/api/update-matrix', {
      matrix_id: catalogue.blood,
      matrix_last_updated: read.matrix_last_updated,
      matrix_name: 'Sang veineux',
    });
    expect(stale.statusCode).toBe(409);
    const current = stale.json().details.current_last_updated;
    expect(current).toBe(first.json().matrix_last_updated);
    const resent = await put('/api/update-matrix', {
      matrix_id: catalogue.blood,
      matrix_last_updated: current,
      matrix_name: 'Sang veineux',
    });
    expect([resent.statusCode, resent.json().matrix_name]).toEqual([200, 'Sang veineux']);
  });

  it('can be resent with current_last_updated as it came (patient)', async () => {
    const created = await call(ctx.app, admin, 'addPatient', {
      body: {
        patient_surname: 'Petit',
        patient_name: 'Léa',
        patient_gender: 'F',
        patient_dob: '2001-03-04',
        record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
      },
    });
    const patientId = created.json().patient_id;
    const read = await getOne(`/api/get-patient?patient_id=${patientId}`);
    const update = (stamp: unknown, name: string) =>
      put('/api/update-patient', { patient_id: patientId, patient_last_updated: stamp, patient_name: name });
    expect((await update(read.patient_last_updated, 'Léna')).statusCode).toBe(200);
    const stale = await update(read.patient_last_updated, 'Léonie');
    expect(stale.json().code).toBe('staleUpdate');
    const resent = await update(stale.json().details.current_last_updated, 'Léonie');
    expect([resent.statusCode, resent.json().patient.patient_name]).toEqual([200, 'Léonie']);
  });
});
