import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './client.js';
import { aPatient, type Staff, seedCatalogue, signInStaff } from './factories.js';
import { call, codeOf, DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/** The test client: calls by name from the route table, answers parsed, refusals thrown or returned. */
describe.each(DATABASES)('the test client on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
  });
  afterAll(() => stopTestApp(ctx));

  it('sends a call with its method and path and answers what its schema parses', async () => {
    const catalogue = await seedCatalogue(ctx.app, staff.admin);
    const created = await apiClient(ctx.app, staff.secretary).addPatient({
      ...aPatient({ patient_surname: 'Client' }),
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
    });
    expect(created.samples).toHaveLength(1);
    const [record] = await apiClient(ctx.app, staff.admin).getRecord({ record_id: created.record_id });
    expect(record?.record_id).toBe(created.record_id);
    // Arrays travel as name[]: the filter finds the record by its status.
    const listed = await apiClient(ctx.app, staff.admin).getRecords({
      'filter_column[]': ['record_status'],
      'filter_value[]': [String(record?.record_status)],
    });
    expect(listed.data.map((row) => row.record_id)).toContain(created.record_id);
  });

  it('throws on a refusal with its status and code; send answers it for the test to read', async () => {
    const technician = apiClient(ctx.app, staff.technician);
    await expect(technician.reference('matrices').add({ matrix_name: 'Refusée' })).rejects.toThrow(
      /addMatrix: 403 .*insufficient/,
    );
    const refused = await technician.send('addMatrix', { body: { matrix_name: 'Refusée' } });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(await call(ctx.app, null, 'getUserData'))).toBe('invalidAccessToken');
  });

  it('refuses a name the route table does not have', async () => {
    await expect(call(ctx.app, staff.admin, 'getNothing')).rejects.toThrow(/no call named getNothing/);
  });
});
