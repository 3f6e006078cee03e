import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './client.js';
import { seedCatalogue } from './factories.js';
import { DATABASES, login, type Session, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/** The input rules of spec.md §5 that have a code of their own in the catalogue (§8). */
describe.each(DATABASES)('input rules of spec.md §5 on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let nfs: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    nfs = (await seedCatalogue(ctx.app, admin)).nfs;
  });
  afterAll(() => stopTestApp(ctx));

  const refusal = async (name: string, input: { body?: object; query?: Record<string, string> }) => {
    const response = await apiClient(ctx.app, admin).send(name, input);
    const { code, details } = response.json<{ code: string; details: { issues?: unknown[] } }>();
    return { status: response.statusCode, code, issues: details.issues ?? [] };
  };

  it('takes a positive integer without a leading zero only', async () => {
    const query = { number_of_records: '10', page_number: '01' };
    expect(await refusal('getRecords', { query })).toMatchObject({
      status: 400,
      code: 'incorrectType',
      issues: [{ path: 'page_number', message: 'positiveInteger' }],
    });
    expect((await refusal('getRecords', { query: { ...query, page_number: '0' } })).code).toBe(
      'incorrectType',
    );
    expect((await refusal('getRecords', { query: { ...query, page_number: '1.5' } })).code).toBe(
      'incorrectType',
    );
    const page = await apiClient(ctx.app, admin).getRecords({ number_of_records: 10, page_number: 1 });
    expect(Array.isArray(page.data)).toBe(true);
  });

  it('says a badly written e-mail, name or clinic code by its own code', async () => {
    const patient = {
      patient_surname: 'Durand',
      patient_name: 'Lucie',
      patient_gender: 'F',
      patient_dob: '1980-02-03',
      record_selected_analyses: [{ combination: 1, analysis_ids: [nfs] }],
    };
    expect(await refusal('addPatient', { body: { ...patient, patient_email: 'lucie@' } })).toMatchObject({
      code: 'incorrectEmail',
      issues: [{ path: 'patient_email', message: 'email' }],
    });
    expect(await refusal('addPatient', { body: { ...patient, patient_surname: '1234' } })).toMatchObject({
      code: 'invalidName',
      issues: [{ path: 'patient_surname', message: 'name' }],
    });
    expect((await refusal('addPatient', { body: { ...patient, patient_name: 'Lu\u0007cie' } })).code).toBe(
      'invalidName',
    );
    const clinic = await refusal('addClinic', {
      body: { clinic_name: 'Clinique du Parc', clinic_code: 'PA RC' },
    });
    expect(clinic).toMatchObject({ code: 'invalidClinicCode', issues: [{ path: 'clinic_code' }] });
    // Two kinds of faults at once: the generic code, each field named.
    const both = await refusal('addPatient', {
      body: { ...patient, patient_surname: '1234', patient_email: 'lucie@' },
    });
    expect(both.code).toBe('incorrectType');
    expect(both.issues).toHaveLength(2);
  });
});
