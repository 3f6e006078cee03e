import { createHash } from 'node:crypto';
import { storedPdfText } from '@sil/documents/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReports } from '../src/db/schema/index.js';
import { databaseRefusal } from '../src/lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { apiClient } from './client.js';
import {
  addGlucosePanel,
  type GlucosePanel,
  type Staff,
  signInStaff,
  pendingRecord as takenThroughBench,
} from './factories.js';
import { DATABASES, type Session, startTestApp, stopTestApp, type TestContext } from './helpers.js';

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
  let staff: Staff;
  let ids: GlucosePanel;

  const as = (session: Session) => apiClient(ctx.app, session);
  const versions = async (recordId: string) =>
    (await as(biologist).getReportVersions({ record_id: recordId })) as Version[];
  const download = async (reportId: string) => {
    const response = await as(biologist).send('downloadReport', { query: { report_id: reportId } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename\*=UTF-8''.+%20COMPTE%20RENDU.*%20V\d+\.pdf$/,
    );
    return response.rawPayload;
  };
  const validate = (recordId: string, sampleIds: string[]) =>
    as(biologist).validateRecord({ record_id: recordId, sample_ids: sampleIds });

  /** A record with a glucose of 1.26 g/L (range 0.70–1.10) and a blood count, both through the bench. */
  const pendingRecord = () => takenThroughBench(ctx.app, staff, ids, { patient_surname: 'Rapport' }, 1.26);

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    ({ admin, biologist } = staff);
    ids = await addGlucosePanel(ctx.app, admin);
  });
  afterAll(() => stopTestApp(ctx));

  it('previews the report before validation without storing it', async () => {
    const pending = await pendingRecord();
    for (const [lang, word] of [
      ['fr', 'PRÉVISUALISATION'],
      ['en', 'PREVIEW'],
    ] as const) {
      const answer = await as(biologist).previewReport({ record_id: pending.recordId, lang });
      if ('skip' in answer) throw new Error(`no preview for ${pending.recordId}`);
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
    await validate(pending.recordId, [pending.panel]);
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

    await validate(pending.recordId, [pending.count]);
    const afterFinal = await versions(pending.recordId);
    expect(afterFinal.map((v) => [v.report_version, v.report_kind])).toEqual([
      [2, 'final'],
      [1, 'partial'],
    ]);

    const both = [pending.panel, pending.count];
    await as(biologist).invalidateRecord({
      record_id: pending.recordId,
      sample_ids: both,
      reason: 'Glycémie à contrôler',
    });
    // Invalidation keeps every version: what was sent stays readable.
    expect(await versions(pending.recordId)).toHaveLength(2);
    await validate(pending.recordId, both);
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
    await validate(pending.recordId, both);
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
    const current = await as(admin).getLaboratoryIdentity();
    await as(admin).updateLaboratoryIdentity({
      laboratory_name: 'Laboratoire des Tilleuls',
      laboratory_address: '12 rue des Tilleuls\n69003 Lyon',
      laboratory_phone: '04 72 00 00 00',
      laboratory_finess: '690 781 810',
      laboratory_accreditation: 'Accréditation COFRAC ISO 15189 n° 8-9999',
      laboratory_last_updated: current.laboratory_last_updated,
    });
    const pending = await pendingRecord();
    await validate(pending.recordId, [pending.panel, pending.count]);
    const [stored] = await versions(pending.recordId);
    const text = storedPdfText(await download(String(stored?.report_id)));
    expect(text).toContain('Laboratoire des Tilleuls');
    expect(text).toContain('12 rue des Tilleuls');
    expect(text).toContain('69003 Lyon');
    expect(text).toContain('690781810');
    expect(text).toContain('Accréditation COFRAC ISO 15189 n° 8-9999');
  });

  it('answers reportNotFound for a report that does not exist', async () => {
    const response = await as(biologist).send('downloadReport', {
      query: { report_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<Json>().code).toBe('reportNotFound');
  });
});
