import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredKeys } from '../src/lib/idempotency.js';
import {
  ageRows,
  call,
  codeOf,
  DATABASES,
  DEMO_DIGEST,
  digest,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/**
 * Idempotent writes (decision 0033): a write resent with its Idempotency-Key gets the first
 * answer and writes nothing again, whichever way the resend meets the first call.
 */
describe.each(DATABASES)('idempotent writes on %s', (kind) => {
  let ctx: TestContext;
  let secretary: Session;
  let analysisId: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const admin = await login(ctx.app, 'admin@demo.lab');
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    const id = async (name: string, body: Json, field: string) => {
      const response = await call(ctx.app, admin, name, { body });
      if (response.statusCode !== 200) throw new Error(response.body);
      return String(response.json<Json>()[field]);
    };
    const matrix = await id('addMatrix', { matrix_name: 'Sang' }, 'matrix_id');
    const parameter = await id(
      'addParameter',
      { parameter_name: 'Glucose', parameter_code: 'GLU' },
      'parameter_id',
    );
    const tube = await id('addSampletype', { sample_type_name: 'Tube sec' }, 'sample_type_id');
    analysisId = await id(
      'addAnalysis',
      {
        analysis_name: 'Glycémie',
        analysis_sample_type: tube,
        analysis_matrix: matrix,
        analysis_nabm_codes: [],
        analysis_parameters: [parameter],
      },
      'analysis_id',
    );
  });
  afterAll(() => stopTestApp(ctx));

  const registration = (surname: string, analyses = [analysisId]) => ({
    patient_surname: surname,
    patient_name: 'Anne',
    patient_gender: 'F',
    patient_dob: '1980-01-02',
    record_selected_analyses: [{ combination: 1, analysis_ids: analyses }],
  });
  const register = (key: string | undefined, body: Json) =>
    call(ctx.app, secretary, 'addPatient', {
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  /** Records of the patients of that surname, as the database holds them. */
  const recordsOf = async (surname: string) => {
    const result = await ctx.database.db.execute(sql`
      SELECT count(*)::int AS n FROM records r JOIN patients p ON p.patient_id = r.record_patient
      WHERE p.patient_surname = ${surname}`);
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
  };
  const ok = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ record_id: string; record_number: string }>();
  };

  it('answers a resend with the first answer and registers once', async () => {
    const key = randomUUID();
    const first = await register(key, registration('Renvoi'));
    const again = await register(key, registration('Renvoi'));
    expect(ok(again)).toEqual(ok(first));
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await recordsOf('Renvoi')).toBe(1);
    // Without a key, the same call is another registration.
    ok(await register(undefined, registration('Renvoi')));
    expect(await recordsOf('Renvoi')).toBe(2);
  });

  it('refuses the key of a committed write with another input, or on another call', async () => {
    const key = randomUUID();
    const first = ok(await register(key, registration('Autre')));
    const other = await register(key, registration('Autre-Corps'));
    expect(other.statusCode, other.body).toBe(422);
    expect(codeOf(other)).toBe('idempotencyKeyReused');
    expect(await recordsOf('Autre-Corps')).toBe(0);
    const otherCall = await call(ctx.app, secretary, 'receiveSample', {
      body: { sample_number: `${first.record_number}-01` },
      headers: { 'idempotency-key': key },
    });
    expect(codeOf(otherCall)).toBe('idempotencyKeyReused');
    // A key is the caller's own: another user's same key is another call.
    const admin = await login(ctx.app, 'admin@demo.lab');
    const theirs = await call(ctx.app, admin, 'addPatient', {
      body: registration('Autre'),
      headers: { 'idempotency-key': key },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(await recordsOf('Autre')).toBe(2);
  });

  it('keeps no key for a refused write: the corrected call runs', async () => {
    const key = randomUUID();
    const refused = await register(key, registration('Corrige', [randomUUID()]));
    expect(refused.statusCode, refused.body).toBe(404);
    ok(await register(key, registration('Corrige')));
    expect(await recordsOf('Corrige')).toBe(1);
  });

  it('registers once when the same call arrives twice at the same time', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => register(key, registration('Concurrent'))),
    );
    for (const answer of answers) {
      // Each is the first answer, or a resend's: never a second registration nor an error.
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await recordsOf('Concurrent')).toBe(1);
  });

  it('answers requestInProgress while a committed call has not kept its answer, then requestAnswerLost', async () => {
    const key = randomUUID();
    const body = registration('EnCours');
    ok(await register(key, body));
    // As between a call's commit and its answer: the key kept, its answer not yet.
    await ctx.database.db.execute(
      sql`UPDATE idempotency_keys SET answer_status = NULL, answer_body = NULL WHERE idempotency_key = ${key}`,
    );
    const running = await register(key, body);
    expect(running.statusCode, running.body).toBe(409);
    expect(codeOf(running)).toBe('requestInProgress');
    // Long after: the server that ran it died between the two.
    await ageRows(ctx.database, 'idempotency_keys', 'created_at', 600);
    const lost = await register(key, body);
    expect(codeOf(lost)).toBe('requestAnswerLost');
    expect(await recordsOf('EnCours')).toBe(1);
  });

  it('keeps the answer of a call that builds it after its transaction, and does not run it again', async () => {
    // change-password answers { success } once its transaction (the digest, other sessions ended) is over.
    const technician = await login(ctx.app, 'technicien@demo.lab');
    const key = randomUUID();
    const body = { previous_password: DEMO_DIGEST, new_password: digest('Nouveau-2026!') };
    const change = () =>
      call(ctx.app, technician, 'changePassword', { body, headers: { 'idempotency-key': key } });
    const first = await change();
    expect(first.statusCode, first.body).toBe(200);
    const again = await change();
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(again.body).toBe(first.body);
    // Run again, the change would be refused: the previous password is no longer the demo one.
    const unkeyed = await call(ctx.app, technician, 'changePassword', { body });
    expect(codeOf(unkeyed)).toBe('incorrectCredentials');
  });

  it('refuses a key that is not a UUID', async () => {
    const response = await register('not-a-uuid', registration('Mauvaise'));
    expect(response.statusCode, response.body).toBe(400);
    expect(codeOf(response)).toBe('incorrectType');
    expect(await recordsOf('Mauvaise')).toBe(0);
  });

  it('forgets keys after a day: the purge deletes them and the key is new again', async () => {
    const key = randomUUID();
    ok(await register(key, registration('Expire')));
    expect(await purgeExpiredKeys(ctx.database.db)).toBe(0);
    const dayAndMinute = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    expect(await purgeExpiredKeys(ctx.database.db, undefined, dayAndMinute)).toBeGreaterThan(0);
    ok(await register(key, registration('Expire')));
    expect(await recordsOf('Expire')).toBe(2);
  });
});
