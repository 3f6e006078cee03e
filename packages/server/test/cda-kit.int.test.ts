import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AddPatientBody, BIOLOGY_CHAPTERS } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laboratories, users } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { buildCda } from '../src/modules/exchange/formats/cda/index.js';
import { KNOWN_RECORD } from '../src/modules/exchange/formats/fixture.js';
import { type BenchResults, benchRecord, cdaCatalogue, qualifyIdentity } from './cda-catalogue.js';
import { KIT_DIR, missingKitTools, runKit } from './cda-kit.js';
import { type ApiClient, apiClient } from './client.js';
import { type Staff, signInStaff } from './factories.js';
import { DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/**
 * The CR-BIO of every record shape the product validates, exported through the API as a receiver
 * gets it, passes the national CDA test kit (TestContenuCDA 2.41: CDA schema, minimal structure,
 * CR-BIO 2021.01) without a single failed assertion. Skipped only when the kit is absent.
 */
describe.runIf(existsSync(KIT_DIR)).each(DATABASES)('the CR-BIO and the national CDA kit on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  const as = (who: keyof Staff): ApiClient => apiClient(ctx.app, staff[who]);
  const ids: Record<string, string> = {};

  const validated = (analysisIds: string[], results: BenchResults, patient: Partial<AddPatientBody>) =>
    benchRecord(ctx.app, staff, ids, analysisIds, results, patient);
  const cda = async (recordId: string) =>
    (await as('secretary').exportRecordResults({ record_id: recordId, format: 'cda' })).content;

  beforeAll(async () => {
    const missing = missingKitTools();
    if (missing.length > 0)
      throw new Error(`The national CDA kit is present but cannot run: install ${missing.join(', ')}`);
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.admin_uid, staff.admin.uid));
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(laboratories)
        .set({
          laboratory_settings: {
            finess: '750000001',
            address: '12 rue des Tilleuls, 75011 Paris',
            phone: '01 40 00 00 00',
          },
        })
        .where(eq(laboratories.laboratory_id, String(admin?.laboratory_id))),
    );
    Object.assign(ids, await cdaCatalogue(ctx.app, staff.admin));
  }, 120_000);
  afterAll(() => stopTestApp(ctx));

  it('names chapters from the chapter value set of the kit only', () => {
    const valueSet = readFileSync(path.join(KIT_DIR, 'jeuxDeValeurs/JDV_BIO_Chapitres-CISIS.xml'), 'utf8');
    const kitCodes = new Set([...valueSet.matchAll(/<Concept code="([^"]+)"/g)].map((match) => match[1]));
    expect(Object.keys(BIOLOGY_CHAPTERS).filter((code) => !kitCodes.has(code))).toEqual([]);
  });

  it('passes every check for each record shape, the amended and the forensic ones included', async () => {
    // A qualified INS; numbers in and out of range, a PCR text, a positive screen, an ANE, a comment.
    const full = await validated(
      [ids.glycaemia, ids.count, ids.covid, ids.hbsag, ids.ionogram].map(String),
      [
        { parameter_id: String(ids.glucose), result_value: 1.26 },
        { parameter_id: String(ids.haemoglobin), result_value: 13.5 },
        { parameter_id: String(ids.pcr), result_text: 'Positif' },
        { parameter_id: String(ids.hbs), result_value: 3.2 },
      ],
      { patient_surname: 'DUPONT-MARTIN', patient_name: 'Élodie', patient_birth_name: 'MARTIN' },
    );
    await qualifyIdentity(ctx.database.db, full.patientId);
    await as('technician').addAne({
      record_id: full.recordId,
      analysis_id: String(ids.ionogram),
      ane_code: 'ane4',
    });
    const [commented] = await as('admin').getSample({ sample_id: String(full.sampleIds[0]) });
    await as('biologist').updateSample({
      sample_id: String(full.sampleIds[0]),
      sample_last_updated: String(commented?.sample_last_updated),
      sample_interpretation: 'Sérum légèrement hémolysé.',
    });
    await full.finish();

    // No INS (identity not qualified), validated, invalidated with a reason, validated again: v2.
    const amended = await validated(
      [String(ids.glycaemia)],
      [{ parameter_id: String(ids.glucose), result_value: 0.9 }],
      {
        patient_surname: 'Durand',
        patient_name: 'Luc',
        patient_gender: 'M',
      },
    );
    await amended.finish();
    await as('biologist').invalidateRecord({
      record_id: amended.recordId,
      sample_ids: amended.sampleIds,
      reason: 'Erreur de saisie',
    });
    await as('biologist').validateRecord({ record_id: amended.recordId, sample_ids: amended.sampleIds });

    const forensic = await validated(
      [String(ids.alcohol)],
      [{ parameter_id: String(ids.ethanol), result_value: 0.42 }],
      {
        patient_surname: 'Petit',
        patient_name: 'Noé',
        patient_gender: 'M',
      },
    );
    await forensic.finish();

    const documents = {
      full: await cda(full.recordId),
      amended: await cda(amended.recordId),
      forensic: await cda(forensic.recordId),
      fixture: buildCda(KNOWN_RECORD),
    };
    expect(documents.full).toContain('extension="279035121518989"');
    expect(documents.full).toContain('statusCode code="aborted"');
    expect(documents.full).toContain('code="POS"');
    expect(documents.amended).not.toContain('1.2.250.1.213.1.4.');
    expect(documents.amended).toMatch(/<relatedDocument typeCode="RPLC">/);
    expect(documents.forensic).toContain('code="18728-6"');
    const failures = runKit(documents);
    expect(failures).toEqual({ full: [], amended: [], forensic: [], fixture: [] });
  }, 240_000);
});
