import { INS_OIDS } from '@sil/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { auditTrail } from '../src/db/schema/index.js';
import { fail } from '../src/lib/errors.js';
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

/** The national test identity the INSi simulator knows (docs/insi.md). */
const KNOWN = {
  patient_surname: 'Pat-Trois',
  patient_name: 'Dominique',
  patient_gender: 'F',
  patient_dob: '1979-03-21',
  patient_birthplace: '51215',
  patient_ins: '279035121518989',
  patient_ins_oid: INS_OIDS.testNir,
};

describe.each(DATABASES)('verifying a recorded INS on %s', (kind) => {
  let ctx: TestContext;
  let secretary: Session;
  let nfs: string;

  const put = (app: FastifyInstance, session: Session, url: string, payload: Json) =>
    call(app, session, { method: 'PUT', url, payload });
  const patientOf = async (patientId: string) =>
    (await call(ctx.app, secretary, 'getPatient', { query: { patient_id: patientId } })).json<Json[]>()[0] ??
    {};
  /** A patient registered with a record, as the front desk does. */
  const register = async (patient: Json) => {
    const answer = await call(ctx.app, secretary, 'addPatient', {
      body: { ...patient, record_selected_analyses: [{ combination: 1, analysis_ids: [nfs] }] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return patientOf(String(answer.json<Json>().patient_id));
  };
  const check = (patient: Json, app = ctx.app, session = secretary) =>
    put(app, session, '/api/check-ins-identity', {
      patient_id: patient.patient_id,
      patient_last_updated: patient.patient_last_updated,
    });

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const admin = await login(ctx.app, 'admin@demo.lab');
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    nfs = (await seedCatalogue(ctx.app, admin)).nfs;
  });
  afterAll(() => stopTestApp(ctx));

  it('confirms an INS the service answers again: provisional becomes retrieved, traced', async () => {
    const patient = await register({ ...KNOWN, patient_identity_status: 'provisional' });
    const answer = await check(patient);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      outcome: 'confirmed',
      i_insIdentityResult: 2,
      patient_identity_status: 'retrieved',
    });
    const stored = await patientOf(String(patient.patient_id));
    expect(stored.patient_identity_status).toBe('retrieved');
    expect(stored.patient_last_updated).toBe(answer.json<Json>().patient_last_updated);
    const traces = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.table_name, 'patients'), eq(auditTrail.row_id, String(patient.patient_id))))
      // Without an order PostgreSQL may answer the rows in any order: the last change is the newest.
      .orderBy(asc(auditTrail.modification_id));
    expect(JSON.stringify(traces.at(-1))).toContain('retrieved');

    // A second check with the stamp read before the first is refused, not applied twice.
    expect(codeOf(await check(patient))).toBe('staleUpdate');
    // A validated identity whose INS is confirmed becomes qualified.
    const validated = await register({
      ...KNOWN,
      patient_surname: 'Pat-Trois',
      patient_identity_status: 'validated',
    });
    expect((await check(validated)).json()).toMatchObject({
      outcome: 'confirmed',
      patient_identity_status: 'qualified',
    });
  });

  it('takes a qualified identity back to validated when the service answers another INS or none', async () => {
    const other = await register({
      ...KNOWN,
      patient_ins: '188047505612322',
      patient_ins_oid: INS_OIDS.nir,
      patient_identity_status: 'qualified',
    });
    expect((await check(other)).json()).toMatchObject({
      outcome: 'notConfirmed',
      i_insIdentityResult: 2,
      patient_identity_status: 'validated',
    });
    const unknown = await register({
      ...KNOWN,
      patient_surname: 'Inconnue',
      patient_identity_status: 'retrieved',
    });
    expect((await check(unknown)).json()).toMatchObject({
      outcome: 'notConfirmed',
      i_insIdentityResult: 1,
      patient_identity_status: 'provisional',
    });
  });

  it('refuses a patient without INS, answers insStatusNotFound when the service fails, and keeps the identity', async () => {
    const noIns = await register({
      patient_surname: 'Sans',
      patient_name: 'Ins',
      patient_gender: 'M',
      patient_dob: '1990-01-01',
    });
    const refused = await check(noIns);
    expect(codeOf(refused)).toBe('missingData');
    expect(refused.statusCode).toBe(400);

    const patient = await register({ ...KNOWN, patient_identity_status: 'retrieved' });
    const unreachable = await buildApp({
      config: ctx.config,
      db: ctx.database.db,
      logger: false,
      overrides: {
        insi: { lookup: async () => fail('insInfoNotFound', { teleservice: { reason: 'timeout' } }) },
      },
    });
    await unreachable.ready();
    try {
      const session = await login(unreachable, 'secretariat@demo.lab');
      const answer = await check(patient, unreachable, session);
      expect(answer.statusCode).toBe(502);
      expect(codeOf(answer)).toBe('insStatusNotFound');
    } finally {
      await unreachable.close();
    }
    const kept = await patientOf(String(patient.patient_id));
    expect(kept.patient_identity_status).toBe('retrieved');
    expect(kept.patient_last_updated).toBe(patient.patient_last_updated);
  });

  it('is for the laboratory staff only', async () => {
    const patient = await register({ ...KNOWN, patient_surname: 'Clinique' });
    const clinic = await login(ctx.app, 'clinique@demo.lab');
    expect((await check(patient, ctx.app, clinic)).statusCode).toBe(403);
  });
});
