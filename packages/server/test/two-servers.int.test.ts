import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/open.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { seedDemo } from '../src/seed/demo.js';
import {
  authHeaders,
  call,
  codeOf,
  createPostgresDatabase,
  DATABASES,
  DEMO_DIGEST,
  digest,
  login,
  newMachineId,
} from './helpers.js';

/**
 * Two server copies behind a load balancer: each request may reach either. On PostgreSQL the second
 * copy has its own connection pool, as a second process would; the embedded database can only be
 * opened by one process, so there both copies share it, which still proves that no state kept in one
 * copy's memory is needed by the other.
 */
describe.each(DATABASES)('two servers on one %s database', (kind) => {
  let database: Database;
  let secondDatabase: Database | undefined;
  let dropPostgres: (() => Promise<void>) | undefined;
  let one: FastifyInstance;
  let other: FastifyInstance;
  let recordId: string;
  let sampleId: string;

  beforeAll(async () => {
    const created = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    dropPostgres = created?.drop;
    database = await openDatabase(created ? { url: created.url } : {});
    await seedDemo(database.db);
    // A record of the demo laboratory, for get-record.
    recordId = await writeTransaction(database.db, SYSTEM_ACTOR, async (tx) => {
      const inserted = (await tx.execute(sql`
        WITH patient AS (
          INSERT INTO patients (laboratory_id, patient_surname, patient_name, patient_gender, patient_dob)
          SELECT laboratory_id, 'Deux', 'Copies', 'F', date '1980-01-02' FROM laboratories
           WHERE laboratory_code = 'DEMO' RETURNING laboratory_id, patient_id)
        INSERT INTO records (laboratory_id, record_number, record_patient, record_password)
        SELECT laboratory_id, 'TS0001', patient_id, 'secret' FROM patient RETURNING record_id`)) as unknown as {
        rows: Array<{ record_id: string }>;
      };
      return inserted.rows[0]?.record_id ?? '';
    });
    const sample = (await writeTransaction(database.db, SYSTEM_ACTOR, async (tx) => {
      return tx.execute(sql`
        INSERT INTO samples (laboratory_id, sample_number, sample_record)
        SELECT laboratory_id, 'TS0001-1', record_id FROM records WHERE record_id = ${recordId}
        RETURNING sample_id`);
    })) as unknown as { rows: Array<{ sample_id: string }> };
    sampleId = sample.rows[0]?.sample_id ?? '';
    // No JWT_SECRET: the signing key is the one the first copy stored in the database.
    const config = loadConfig({
      DATA_DIR: '/nonexistent',
      WEB_DIST_DIR: '/nonexistent',
      THROTTLE_MAX_PER_ACCOUNT: '3',
      PUBLIC_URL: 'https://lab.example',
    });
    one = await buildApp({ config, db: database.db, logger: false });
    secondDatabase = created ? await openDatabase({ url: created.url }) : undefined;
    other = await buildApp({ config, db: (secondDatabase ?? database).db, logger: false });
    await Promise.all([one.ready(), other.ready()]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), other?.close()]);
    await secondDatabase?.close();
    await database?.close();
    await dropPostgres?.();
  });

  const refresh = (app: FastifyInstance, uid: string, machineId: string, refresh_token: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/refresh-tokens',
      payload: { uid, auth_machine_id: machineId, refresh_token },
    });
  const userData = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/get-user-data', headers });

  it('logs in on one, answers on the other, refreshes on the other and rotates for both', async () => {
    const session = await login(one, 'biologiste@demo.lab');
    expect((await userData(other, session.headers)).statusCode).toBe(200);

    const refreshed = await refresh(other, session.uid, session.machineId, session.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<{ access_token: string; refresh_token: string }>();
    const nextHeaders = authHeaders(next.access_token, session.uid, session.machineId);
    expect((await userData(one, nextHeaders)).statusCode).toBe(200);

    // The refresh token the other copy replaced is refused by this one: rotation is shared.
    const replay = await refresh(one, session.uid, session.machineId, session.refresh_token);
    expect(codeOf(replay)).toBe('invalidRefreshToken');
    // And the replay ended the session on both copies at once.
    expect(codeOf(await userData(one, nextHeaders))).toBe('authNotFound');
    expect(codeOf(await userData(other, nextHeaders))).toBe('authNotFound');
  });

  it('counts failed logins across both copies', async () => {
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '10.9.0.1',
        payload: { email: 'technicien@demo.lab', password, auth_machine_id: newMachineId(), locale: 'fr' },
      });
    expect(codeOf(await attempt(one, digest('guess-1')))).toBe('incorrectCredentials');
    expect(codeOf(await attempt(other, digest('guess-2')))).toBe('incorrectCredentials');
    expect(codeOf(await attempt(one, digest('guess-3')))).toBe('incorrectCredentials');
    // Three failures spread over two copies: the right password is now refused by either.
    for (const app of [one, other]) {
      const blocked = await attempt(app, DEMO_DIGEST);
      expect([blocked.statusCode, codeOf(blocked)]).toEqual([429, 'tooManyAttempts']);
    }
  });

  it('ends a session on both copies when it is logged out on one', async () => {
    const session = await login(other, 'secretariat@demo.lab');
    expect((await userData(one, session.headers)).statusCode).toBe(200);
    // get-record asks the session's stamps in its own statement: both copies now remember the session.
    const recordUrl = `/api/get-record?record_id=${recordId}`;
    for (const app of [one, other])
      expect((await call(app, session, { method: 'GET', url: recordUrl })).statusCode).toBe(200);
    const out = await one.inject({
      method: 'PUT',
      url: '/auth/logout',
      payload: { refresh_token: session.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    for (const app of [one, other]) {
      expect(codeOf(await userData(app, session.headers))).toBe('authNotFound');
      expect(codeOf(await call(app, session, { method: 'GET', url: recordUrl }))).toBe('authNotFound');
      expect(codeOf(await refresh(app, session.uid, session.machineId, session.refresh_token))).toBe(
        'authNotFound',
      );
    }
  });
  it('refuses a logged-out session to the reads that start before their session check', async () => {
    // Each read is the first call after the logout, on copies that both remember the session: an
    // earlier refusal would make them forget it, and the next read would not be put to the test.
    // And the lists, whose session check runs beside their count and page, in each shape of count.
    const reads = [
      `/api/get-sample?sample_id=${sampleId}`,
      `/api/get-record?record_id=${recordId}`,
      '/api/get-samples',
      '/api/get-patients?search=a',
      '/api/get-records?filter_column[]=record_abnormal&filter_value[]=true',
      '/api/get-records?filter_column[]=records_with_ncts&filter_value[]=true&filter_column[]=record_is_urgent&filter_value[]=false',
    ];
    for (const url of reads) {
      const session = await login(other, 'admin@demo.lab');
      for (const app of [one, other])
        expect((await call(app, session, { method: 'GET', url })).statusCode, url).toBe(200);
      const out = await other.inject({
        method: 'PUT',
        url: '/auth/logout',
        payload: { refresh_token: session.refresh_token },
      });
      expect(out.statusCode).toBe(200);
      for (const app of [one, other])
        expect(codeOf(await call(app, session, { method: 'GET', url })), url).toBe('authNotFound');
    }
  });
  it('names a prescriber renamed through one copy anew on the other at its next call', async () => {
    const admin = await login(one, 'admin@demo.lab');
    const added = (
      await call(one, admin, 'addPrescriber', {
        body: { prescriber_surname: 'ROUX', prescriber_name: 'Claire' },
      })
    ).json<{ prescriber_id: string; prescriber_last_updated: string }>();
    const [record] = (await call(one, admin, 'getRecord', { query: { record_id: recordId } })).json<
      Array<{ record_last_updated: string }>
    >();
    const pointed = await call(one, admin, 'updatePatient', {
      body: {
        record_id: recordId,
        record_last_updated: record?.record_last_updated,
        record_prescriber: added.prescriber_id,
      },
    });
    expect(pointed.statusCode, pointed.body).toBe(200);
    const prescriberOn = async (app: FastifyInstance) =>
      (await call(app, admin, 'getRecord', { query: { record_id: recordId } })).json<
        Array<{ record_prescriber_name: string }>
      >()[0]?.record_prescriber_name;
    // Both copies have now read the name, and may remember it.
    for (const app of [one, other]) expect(await prescriberOn(app)).toBe('ROUX Claire');
    const renamed = await call(one, admin, 'updatePrescriber', {
      body: {
        prescriber_id: added.prescriber_id,
        prescriber_last_updated: added.prescriber_last_updated,
        prescriber_name: 'Claire-Anne',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const app of [other, one]) expect(await prescriberOn(app)).toBe('ROUX Claire-Anne');
  });
  it('applies new rights and a disabled account on both copies at the next call', async () => {
    const admin = await login(one, 'admin@demo.lab');
    const clerk = await login(other, 'secretariat@demo.lab');
    const records = (app: FastifyInstance) => call(app, clerk, 'getRecords');
    // Both copies have now checked the clerk's session once, and may remember it.
    for (const app of [one, other]) expect((await records(app)).statusCode).toBe(200);
    // get-record asks the session's stamps in its own statement instead of a statement of its own.
    const record = (app: FastifyInstance) =>
      call(app, clerk, 'getRecord', { query: { record_id: recordId } });
    for (const app of [one, other]) expect((await record(app)).statusCode).toBe(200);
    const stampOf = async () => {
      const [row] = (await call(one, admin, 'getAdmin', { query: { admin_uid: clerk.uid } })).json<
        Array<{ admin_last_updated: string }>
      >();
      return row?.admin_last_updated;
    };
    const update = async (change: Record<string, unknown>) => {
      const answer = await call(one, admin, 'updateAdminAccess', {
        body: { admin_uid: clerk.uid, admin_last_updated: await stampOf(), ...change },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await update({ admin_records: 0 });
    for (const app of [other, one]) expect(codeOf(await record(app))).toBe('noAdminRights');
    for (const app of [other, one]) expect(codeOf(await records(app))).toBe('noAdminRights');
    await update({ admin_records: 2 });
    for (const app of [other, one]) expect((await record(app)).statusCode).toBe(200);
    for (const app of [other, one]) expect((await records(app)).statusCode).toBe(200);
    await update({ user_disabled: true });
    for (const app of [other, one]) {
      expect(codeOf(await record(app))).toBe('authNotFound');
      expect(codeOf(await records(app))).toBe('authNotFound');
      // A read refused for its input still answers the refused session first.
      const invalid = await call(app, clerk, 'getRecords', { query: { page_number: 'none' } });
      expect([invalid.statusCode, codeOf(invalid)]).toEqual([401, 'authNotFound']);
    }
  });
});
