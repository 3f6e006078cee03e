import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, samples, users } from '../src/db/schema/index.js';
import { writeTransaction } from '../src/lib/transaction.js';
import { type ApiClient, apiClient } from './client.js';
import { aPatient, seedCatalogue } from './factories.js';
import {
  codeOf,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

describe.each(DATABASES)('deleting records registered by mistake on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let api: ApiClient;
  let nfs: string;

  const register = (surname: string) =>
    api.addPatient({
      ...aPatient({ patient_surname: surname, patient_name: 'Test', patient_dob: '1990-01-01' }),
      record_selected_analyses: [{ combination: 1, analysis_ids: [nfs] }],
    });
  const remove = (ids: string[], session = admin) =>
    apiClient(ctx.app, session).send('deleteRecords', { body: { record_ids: ids } });
  const exists = async (recordId: string) =>
    (await api.send('getRecord', { query: { record_id: recordId } })).statusCode === 200;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    api = apiClient(ctx.app, admin);
    nfs = (await seedCatalogue(ctx.app, admin)).nfs;
  });
  afterAll(() => stopTestApp(ctx));

  it('deletes records with their samples, all at once, and the trail keeps them whole', async () => {
    const first = await register('Erreur');
    const second = await register('Erreur');
    const answer = await remove([first.record_id, second.record_id]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ deleted: 2 });
    expect(await exists(first.record_id)).toBe(false);
    const left = await ctx.database.db
      .select()
      .from(samples)
      .where(eq(samples.sample_record, first.record_id));
    expect(left).toHaveLength(0);
    const traces = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.table_name, 'records'), eq(auditTrail.row_id, first.record_id)));
    expect(JSON.stringify(traces)).toContain(first.record_number);
    expect(traces.length).toBeGreaterThanOrEqual(2);
  });

  it('deletes nothing when one record of the list must stay, and says which and why', async () => {
    const mistaken = await register('Erreur');
    const replaced = await register('Remplacé');
    const [read] = await api.getRecord({ record_id: replaced.record_id });
    await api.cancelRecord({
      record_id: replaced.record_id,
      record_last_updated: read?.record_last_updated ?? '',
      record_annulment_explanation: 'Mauvais patient',
    });
    const refused = await remove([mistaken.record_id, replaced.record_id]);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('recordMustBeKept');
    expect(refused.body).toContain(replaced.record_number);
    expect(await exists(mistaken.record_id)).toBe(true);
  });

  it('keeps a record whose results are validated: it can only be cancelled', async () => {
    const record = await register('Validé');
    await api.receiveRecord({ record_id: record.record_id });
    // Validation is an action of its own (results); the sample is left as it would leave it.
    const [user] = await ctx.database.db.select().from(users).where(eq(users.admin_uid, admin.uid));
    await writeTransaction(
      ctx.database.db,
      { uid: admin.uid, laboratoryId: user?.laboratory_id ?? null },
      async (tx) => {
        const sample = eq(samples.sample_id, record.samples[0]?.sample_id ?? '');
        await tx.execute(sql`SELECT set_config('sil.action', 'sampleProgress', true)`);
        await tx.update(samples).set({ sample_status: 3 }).where(sample);
        await tx.execute(sql`SELECT set_config('sil.action', 'validation', true)`);
        await tx.update(samples).set({ sample_status: 4 }).where(sample);
      },
    );
    const refused = await remove([record.record_id]);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('recordValidatedCannotDelete');
    expect(refused.body).toContain(record.record_number);
    expect(await exists(record.record_id)).toBe(true);
  });

  it('answers recordNotFound for an unknown id and is refused below the delete level', async () => {
    const record = await register('Autre');
    expect(codeOf(await remove([record.record_id, '00000000-0000-4000-8000-000000000000']))).toBe(
      'recordNotFound',
    );
    const secretary = await login(ctx.app, 'secretariat@demo.lab');
    const refused = await remove([record.record_id], secretary);
    expect(refused.statusCode).toBe(403);
    expect(await exists(record.record_id)).toBe(true);
  });
});
