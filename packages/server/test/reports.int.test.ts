import { createHash } from 'node:crypto';
import { SAMPLE_STATUS } from '@sil/contract';
import { storedPdfText } from '@sil/documents/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReports } from '../src/db/schema/index.js';
import { databaseRefusal } from '../src/lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { seedCatalogue, signInStaff } from './factories.js';
import { call, DATABASES, type Session, startTestApp, stopTestApp, type TestContext } from './helpers.js';

type Json = Record<string, unknown>;
interface Version {
  report_id: string;
  report_version: number;
  report_kind: 'partial' | 'final';
  report_sha256: string;
  report_size: number;
  report_validated_by_name: string;
}

/**
 * The result report (issue 15): generated and stored inside validation, partial then final, a new
 * version after invalidation and validation, earlier versions kept byte for byte, never rewritten.
 */
describe.each(DATABASES)('result reports on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let biologist: Session;
  let technician: Session;
  let secretary: Session;
  let ids: { glucose: string; panel: string; count: string };

  const put = (session: Session, url: string, payload: Json) =>
    call(ctx.app, session, { method: 'PUT', url, payload });
  const get = (session: Session, url: string) => call(ctx.app, session, { method: 'GET', url });
  const versions = async (recordId: string) => {
    const response = await get(biologist, `/api/get-report-versions?record_id=${recordId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Version[]>();
  };
  const download = async (reportId: string) => {
    const response = await get(biologist, `/api/download-report?report_id=${reportId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename\*=UTF-8''.+%20COMPTE%20RENDU.*%20V\d+\.pdf$/,
    );
    return response.rawPayload;
  };

  /** A record with a glucose of 1.26 g/L (range 0.70–1.10) and a blood count, both through the bench. */
  const pendingRecord = async () => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Rapport',
        patient_name: 'Jeanne',
        patient_gender: 'F',
        patient_dob: '1975-04-12',
        record_selected_analyses: [{ combination: 1, analysis_ids: [ids.panel, ids.count] }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<{ record_id: string; samples: Array<{ sample_id: string }> }>();
    const sampleIds = body.samples.map((sample) => sample.sample_id);
    const analysesOf = async (id: string) =>
      String((await get(admin, `/api/get-sample?sample_id=${id}`)).json<Json[]>()[0]?.sample_analyses);
    let panel = '';
    let count = '';
    for (const id of sampleIds) {
      if ((await analysesOf(id)).includes(ids.panel)) panel = id;
      else count = id;
    }
    const saved = await put(technician, '/api/update-sample-results', {
      sample_id: panel,
      results: [{ parameter_id: ids.glucose, result_value: 1.26 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await put(secretary, '/api/receive-record', { record_id: body.record_id })).statusCode).toBe(200);
    for (const sampleId of [panel, count]) {
      const moved = await put(technician, '/api/update-sample-status', {
        sample_id: sampleId,
        sample_status: SAMPLE_STATUS.removed,
        force_save: true,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return { recordId: body.record_id, panel, count };
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    const added = await call(ctx.app, admin, 'addParameter', {
      body: {
        parameter_name: 'Glucose',
        parameter_unit: 'g/L',
        parameter_decimals: 2,
        parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
      },
    });
    const glucose = String(added.json<Json>().parameter_id);
    const panel = await call(ctx.app, admin, 'addAnalysis', {
      body: {
        analysis_name: 'Glycémie à jeun',
        analysis_sample_type: catalogue.serum,
        analysis_matrix: catalogue.blood,
        analysis_parameters: [glucose],
      },
    });
    ids = { glucose, panel: String(panel.json<Json>().analysis_id), count: catalogue.nfs };
  });
  afterAll(() => stopTestApp(ctx));

  it('previews the report before validation without storing it', async () => {
    const pending = await pendingRecord();
    for (const [lang, word] of [
      ['fr', 'PRÉVISUALISATION'],
      ['en', 'PREVIEW'],
    ] as const) {
      const response = await get(
        biologist,
        `/reports/preview-report?record_id=${pending.recordId}&lang=${lang}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ filename: string; pdf_base64: string }>();
      expect(answer.filename).toMatch(/COMPTE RENDU PARTIEL PREVISUALISATION\.pdf$/);
      const text = storedPdfText(Buffer.from(answer.pdf_base64, 'base64'));
      expect(text).toContain(word);
      expect(text).toContain('1,26 H');
      expect(text).toContain('0,70 – 1,10');
      expect(text).toContain('Non validé.');
    }
    expect(await versions(pending.recordId)).toEqual([]);
  });

  it('stores a partial then a final report at validation, and a new version after invalidation', async () => {
    const pending = await pendingRecord();
    const first = await put(biologist, '/api/validate-record', {
      record_id: pending.recordId,
      sample_ids: [pending.panel],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [partial] = await versions(pending.recordId);
    expect(partial).toMatchObject({ report_version: 1, report_kind: 'partial' });
    const partialBytes = await download(String(partial?.report_id));
    expect(createHash('sha256').update(partialBytes).digest('hex')).toBe(partial?.report_sha256);
    expect(partialBytes.length).toBe(partial?.report_size);
    const partialText = storedPdfText(partialBytes);
    expect(partialText).toContain('COMPTE RENDU PARTIEL');
    expect(partialText).toContain('1,26 H');
    expect(partialText).toMatch(/Validé par .+ le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}\./);
    expect(partialText).not.toContain('PRÉVISUALISATION');

    expect(
      (
        await put(biologist, '/api/validate-record', {
          record_id: pending.recordId,
          sample_ids: [pending.count],
        })
      ).statusCode,
    ).toBe(200);
    const afterFinal = await versions(pending.recordId);
    expect(afterFinal.map((v) => [v.report_version, v.report_kind])).toEqual([
      [2, 'final'],
      [1, 'partial'],
    ]);

    const both = [pending.panel, pending.count];
    expect(
      (
        await put(biologist, '/api/invalidate-record', {
          record_id: pending.recordId,
          sample_ids: both,
          reason: 'Glycémie à contrôler',
        })
      ).statusCode,
    ).toBe(200);
    // Invalidation keeps every version: what was sent stays readable.
    expect(await versions(pending.recordId)).toHaveLength(2);
    expect(
      (await put(biologist, '/api/validate-record', { record_id: pending.recordId, sample_ids: both }))
        .statusCode,
    ).toBe(200);
    const all = await versions(pending.recordId);
    expect(all.map((v) => [v.report_version, v.report_kind])).toEqual([
      [3, 'final'],
      [2, 'final'],
      [1, 'partial'],
    ]);
    // The first version is still the bytes it was, checksum and all.
    const again = await download(String(partial?.report_id));
    expect(again.equals(partialBytes)).toBe(true);
    expect(all.find((v) => v.report_version === 1)?.report_sha256).toBe(partial?.report_sha256);
    expect(storedPdfText(await download(String(all[0]?.report_id)))).toContain('Version : \n3');
  });

  it('refuses any rewrite of a stored report', async () => {
    const pending = await pendingRecord();
    const both = [pending.panel, pending.count];
    expect(
      (await put(biologist, '/api/validate-record', { record_id: pending.recordId, sample_ids: both }))
        .statusCode,
    ).toBe(200);
    const [stored] = await versions(pending.recordId);
    const rewrite = writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(recordReports)
        .set({ report_pdf: Buffer.from('%PDF-1.4 forged'), report_sha256: sql`md5('x')` })
        .where(eq(recordReports.report_id, String(stored?.report_id))),
    );
    const refusal = await rewrite.then(
      () => 'accepted',
      (error: Error) => error,
    );
    expect(String(((refusal as Error).cause as Error | undefined)?.message)).toBe('reportImmutable');
    // The trigger's SQLSTATE SIL10 answers the catalogue error, as the other rules of the database.
    const mapped = databaseRefusal(refusal);
    expect(mapped?.code).toBe('reportImmutable');
    expect(mapped?.statusCode).toBe(409);
    expect(
      createHash('sha256')
        .update(await download(String(stored?.report_id)))
        .digest('hex'),
    ).toBe(stored?.report_sha256);
  });

  it("prints the laboratory's identity, as its administrator set it, in the stored report's header", async () => {
    const current = await get(admin, '/api/get-laboratory-identity');
    expect(current.statusCode, current.body).toBe(200);
    const saved = await put(admin, '/api/update-laboratory-identity', {
      laboratory_name: 'Laboratoire des Tilleuls',
      laboratory_address: '12 rue des Tilleuls\n69003 Lyon',
      laboratory_phone: '04 72 00 00 00',
      laboratory_finess: '690 781 810',
      laboratory_accreditation: 'Accréditation COFRAC ISO 15189 n° 8-9999',
      laboratory_last_updated: current.json<Json>().laboratory_last_updated,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pending = await pendingRecord();
    const validated = await put(biologist, '/api/validate-record', {
      record_id: pending.recordId,
      sample_ids: [pending.panel, pending.count],
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const [stored] = await versions(pending.recordId);
    const text = storedPdfText(await download(String(stored?.report_id)));
    expect(text).toContain('Laboratoire des Tilleuls');
    expect(text).toContain('12 rue des Tilleuls');
    expect(text).toContain('69003 Lyon');
    expect(text).toContain('690781810');
    expect(text).toContain('Accréditation COFRAC ISO 15189 n° 8-9999');
  });

  it('answers reportNotFound for a report that does not exist', async () => {
    const response = await get(
      biologist,
      '/api/download-report?report_id=00000000-0000-4000-8000-000000000000',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json<Json>().code).toBe('reportNotFound');
  });
});
