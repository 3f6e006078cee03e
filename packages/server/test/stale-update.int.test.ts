import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from './client.js';
import { aPatient, seedCatalogue } from './factories.js';
import { DATABASES, login, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/** The stale-update answer gives the current stamp in the format the API takes back (finding 6). */
describe.each(DATABASES)('a stale update on %s', (kind) => {
  let ctx: TestContext;
  let admin: ApiClient;
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const session = await login(ctx.app, 'admin@demo.lab');
    admin = apiClient(ctx.app, session);
    catalogue = await seedCatalogue(ctx.app, session);
  });
  afterAll(() => stopTestApp(ctx));

  it('can be resent with current_last_updated as it came (reference table)', async () => {
    const [read] = await admin.reference('matrices').get(catalogue.blood);
    const update = (stamp: unknown, name: string) =>
      admin.send('updateMatrix', {
        body: { matrix_id: catalogue.blood, matrix_last_updated: stamp, matrix_name: name },
      });
    const first = await update(read?.matrix_last_updated, 'Sang total');
    expect(first.statusCode).toBe(200);
    const stale = await update(read?.matrix_last_updated, 'Sang veineux');
    expect(stale.statusCode).toBe(409);
    const current = stale.json().details.current_last_updated;
    expect(current).toBe(first.json().matrix_last_updated);
    const resent = await update(current, 'Sang veineux');
    expect([resent.statusCode, resent.json().matrix_name]).toEqual([200, 'Sang veineux']);
  });

  it('can be resent with current_last_updated as it came (patient)', async () => {
    const created = await admin.addPatient({
      ...aPatient({ patient_surname: 'Petit', patient_name: 'Léa', patient_dob: '2001-03-04' }),
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
    });
    const patientId = created.patient_id;
    const [read] = await admin.getPatient({ patient_id: patientId });
    const update = (stamp: unknown, name: string) =>
      admin.send('updatePatient', {
        body: { patient_id: patientId, patient_last_updated: stamp, patient_name: name },
      });
    expect((await update(read?.patient_last_updated, 'Léna')).statusCode).toBe(200);
    const stale = await update(read?.patient_last_updated, 'Léonie');
    expect(stale.json().code).toBe('staleUpdate');
    const resent = await update(stale.json().details.current_last_updated, 'Léonie');
    expect([resent.statusCode, resent.json().patient.patient_name]).toEqual([200, 'Léonie']);
  });
});
