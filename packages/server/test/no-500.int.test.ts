import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RECORD_UPLOAD_TYPES } from '@sil/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, uploads } from '../src/db/schema/index.js';
import { seedCatalogue } from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  multipart,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/** Input the database would refuse gets a catalogue code, never a 500 (issue 10, finding 4). */
describe.each(DATABASES)('input the database rejects, on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
  let created: { patient_id: string; record_id: string };
  const answer = async (options: Parameters<typeof call>[2]) => {
    const response = await call(ctx.app, admin, options);
    return [response.statusCode, codeOf(response)];
  };
  const traces = async () => (await ctx.database.db.select({ n: count() }).from(auditTrail))[0]?.n;
  const getOne = async (url: string) =>
    (await call(ctx.app, admin, { method: 'GET', url })).json<Json[]>()[0] ?? {};

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    catalogue = await seedCatalogue(ctx.app, admin);
    const response = await call(ctx.app, admin, 'addPatient', {
      body: {
        patient_surname: 'Martin',
        patient_name: 'Paul',
        patient_gender: 'M',
        patient_dob: '1970-05-06',
        record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs, catalogue.glucose] }],
      },
    });
    created = response.json();
  });
  afterAll(() => stopTestApp(ctx));

  it('answers not found for ids that are not UUIDs on get-one, update and delete calls', async () => {
    expect(await answer({ method: 'GET', url: '/api/get-matrix?matrix_id=abc' })).toEqual([
      404,
      'matrixNotFound',
    ]);
    expect(
      await answer({ method: 'DELETE', url: '/api/delete-matrices', payload: { ids: ['abc'] } }),
    ).toEqual([404, 'matrixNotFound']);
    const stamp = new Date().toISOString();
    expect(
      await answer({
        method: 'PUT',
        url: '/api/update-matrix',
        payload: { matrix_id: 'abc', matrix_last_updated: stamp },
      }),
    ).toEqual([404, 'matrixNotFound']);
    const exported = await call(ctx.app, admin, { method: 'GET', url: '/api/export-matrices?ids[]=abc' });
    expect(exported.statusCode).toBe(200);
  });

  it('refuses a NUL character in any body or query text with incorrectType and its path', async () => {
    const body = await call(ctx.app, admin, 'addMatrix', { body: { matrix_name: 'Sa\u0000ng' } });
    expect([body.statusCode, codeOf(body), body.json().details.issues]).toEqual([
      400,
      'incorrectType',
      [{ path: 'matrix_name', message: 'nulCharacter' }],
    ]);
    const nested = await call(ctx.app, admin, 'updatePatient', {
      body: {
        record_id: created.record_id,
        record_last_updated: new Date().toISOString(),
        record_persons_to_phone: ['a\u0000'],
      },
    });
    expect(nested.json().details.issues[0].path).toBe('record_persons_to_phone.0');
    expect(await answer({ method: 'GET', url: '/api/get-patients?search=Ma%00rtin' })).toEqual([
      400,
      'incorrectType',
    ]);
    expect(await answer({ method: 'GET', url: '/api/get-records?search=%00' })).toEqual([
      400,
      'incorrectType',
    ]);
    expect(await answer({ method: 'GET', url: '/api/scan-record?record_number=1%002' })).toEqual([
      400,
      'incorrectType',
    ]);
  });

  it('refuses impossible dates in searches, filters and bodies', async () => {
    expect(await answer({ method: 'GET', url: '/api/get-patients?search=31/02/2020' })).toEqual([
      400,
      'incorrectType',
    ]);
    expect(await answer({ method: 'GET', url: '/api/get-records?search=31/02/2020' })).toEqual([
      400,
      'incorrectType',
    ]);
    expect(await answer({ method: 'GET', url: '/api/get-records?filter_date_from=2020-02-31' })).toEqual([
      400,
      'incorrectType',
    ]);
    expect(await answer({ method: 'GET', url: '/api/get-records?filter_date_to=0000-01-01' })).toEqual([
      400,
      'incorrectType',
    ]);
    const dob = await answer({
      method: 'POST',
      url: '/api/add-patient',
      payload: {
        patient_surname: 'A',
        patient_name: 'B',
        patient_gender: 'F',
        patient_dob: '2021-02-29',
        record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
      },
    });
    expect(dob).toEqual([400, 'incorrectType']);
    const found = await call(ctx.app, admin, 'getPatients', { query: { search: '06/05/1970' } });
    expect(found.json().number_of_rows).toBe(1);
  });

  it('answers an update with nothing to set with the item unchanged, and leaves no trace', async () => {
    const before = await traces();
    const patient = await getOne(`/api/get-patient?patient_id=${created.patient_id}`);
    const record = await getOne(`/api/get-record?record_id=${created.record_id}`);
    const onlyStamps = await call(ctx.app, admin, 'updatePatient', {
      body: { patient_id: created.patient_id, patient_last_updated: patient.patient_last_updated },
    });
    expect(onlyStamps.statusCode, onlyStamps.body).toBe(200);
    expect(onlyStamps.json().patient.patient_last_updated).toBe(patient.patient_last_updated);
    const sameAnalyses = await call(ctx.app, admin, 'updatePatient', {
      body: {
        record_id: created.record_id,
        record_last_updated: record.record_last_updated,
        record_selected_analyses: record.record_selected_analyses,
      },
    });
    expect(sameAnalyses.statusCode, sameAnalyses.body).toBe(200);
    expect(sameAnalyses.json().record.record_last_updated).toBe(record.record_last_updated);
    const matrix = await getOne(`/api/get-matrix?matrix_id=${catalogue.blood}`);
    const reference = await call(ctx.app, admin, 'updateMatrix', {
      body: { matrix_id: catalogue.blood, matrix_last_updated: matrix.matrix_last_updated },
    });
    expect([reference.statusCode, reference.json().matrix_last_updated]).toEqual([
      200,
      matrix.matrix_last_updated,
    ]);
    expect(await traces()).toBe(before);
    // Nothing to set is still checked against the stamp and the laboratory.
    const stale = await answer({
      method: 'PUT',
      url: '/api/update-matrix',
      payload: { matrix_id: catalogue.blood, matrix_last_updated: '2020-01-01T00:00:00.000Z' },
    });
    expect(stale).toEqual([409, 'staleUpdate']);
  });

  it('refuses what the fuzz suite found the database refusing, each with incorrectType', async () => {
    const issuesOf = async (options: Parameters<typeof call>[2]) => {
      const response = await call(ctx.app, admin, options);
      return [response.statusCode, codeOf(response), response.json().details.issues?.[0]?.message];
    };
    // Nested deeper than anything walks safely (it exhausted the stack of the NUL check).
    const deep = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    const headers = { 'content-type': 'application/json' };
    expect(await issuesOf({ method: 'PUT', url: '/api/scan-record', headers, payload: deep })).toEqual([
      400,
      'incorrectType',
      'tooDeep',
    ]);
    // A lone UTF-16 surrogate is not Unicode: the embedded database failed the statement on it.
    expect(
      await issuesOf({
        method: 'PUT',
        url: '/api/cancel-record',
        payload: {
          record_id: created.record_id,
          record_last_updated: new Date().toISOString(),
          record_annulment_explanation: '\udc64x',
        },
      }),
    ).toEqual([400, 'incorrectType', 'invalidUnicode']);
    expect(await answer({ method: 'GET', url: '/api/get-patients?search=%ED%A0%80' })).not.toContain(500);
    // Year 0000 passes the ISO format, not PostgreSQL.
    expect(
      await answer({
        method: 'PUT',
        url: '/api/update-matrix',
        payload: { matrix_id: catalogue.blood, matrix_last_updated: '0000-01-01T00:00:00Z' },
      }),
    ).toEqual([400, 'incorrectType']);
    // A decimal past numeric(18, 6), a page past what an offset can be.
    expect(
      await answer({
        method: 'POST',
        url: '/api/add-parameter',
        payload: { parameter_name: 'Lithium', parameter_lower_detection_limit: -1e308 },
      }),
    ).toEqual([400, 'incorrectType']);
    expect(
      await answer({
        method: 'GET',
        url: '/api/get-machines?page_number=9007199254740991&number_of_records=5000',
      }),
    ).toEqual([400, 'incorrectType']);
  });

  it('answers an upload over the size limit with payloadTooLarge', async () => {
    const upload = multipart(
      { record_id: created.record_id, document_type: RECORD_UPLOAD_TYPES[0] },
      { name: 'scan.pdf', bytes: Buffer.alloc(30 * 1024 * 1024, 0x25) },
    );
    expect(await answer({ method: 'POST', url: '/api/upload-file', ...upload })).toEqual([
      413,
      'payloadTooLarge',
    ]);
  });

  it('refuses a NUL character in the file name or fields of an upload with incorrectType, nothing written', async () => {
    const files = () => readdirSync(ctx.config.STORAGE_DIR ?? '', { recursive: true }).length;
    const uploadRows = async () => (await ctx.database.db.select({ n: count() }).from(uploads))[0]?.n;
    const [filesBefore, rowsBefore] = [files(), await uploadRows()];
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const named = await call(ctx.app, admin, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart(
        { record_id: created.record_id, document_type: RECORD_UPLOAD_TYPES[0] },
        { name: 'scan\u0000.pdf', bytes: pdf },
      ),
    });
    expect([named.statusCode, codeOf(named), named.json().details.issues]).toEqual([
      400,
      'incorrectType',
      [{ path: 'file.filename', message: 'nulCharacter' }],
    ]);
    const field = await call(ctx.app, admin, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart(
        { record_id: created.record_id, document_type: `${RECORD_UPLOAD_TYPES[0]}\u0000` },
        { name: 'scan.pdf', bytes: pdf },
      ),
    });
    expect([field.statusCode, codeOf(field)]).toEqual([400, 'incorrectType']);
    expect([files(), await uploadRows()]).toEqual([filesBefore, rowsBefore]);
  });

  it('answers headers too large for the HTTP server with headersTooLarge', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/get-analyses',
          headers: { 'x-padding': 'a'.repeat(64 * 1024) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
    });
    expect([response.status, JSON.parse(response.body).code]).toEqual([431, 'headersTooLarge']);
  });
});
