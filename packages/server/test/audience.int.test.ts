import { createHash } from 'node:crypto';
import {
  AUDIENCE_FIELDS,
  apiTable,
  decideAccess,
  EXTERNAL_AUDIENCES,
  type ExternalAudience,
  emptyRights,
  entities,
  INTERNAL_FIELDS,
  keysOf,
  projectOnto,
  type Rights,
  SECRET_FIELDS,
} from '@sil/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients, recordReports, records, samples } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import {
  call,
  DATABASES,
  login,
  multipart,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/** The rights of the demo's clinic user (a medical account) and prescriber, as the server reads them. */
const RIGHTS: Record<ExternalAudience, Rights> = {
  clinic: { ...emptyRights('external'), clinic_id: 'clinic', medical_user: true },
  prescriber: { ...emptyRights('prescriber'), prescriber_id: 'prescriber' },
};

/**
 * Calls a clinic user or a prescriber reaches that carry no patient, record nor sample: their own
 * account, and the collectors and prescribers tables of the external portal (spec.md §6). Any other
 * call they reach must declare the view of each audience (`audiences` in the route table).
 */
const CARRY_NO_RECORDS = new Set([
  'getUserData',
  'updateUserPreferences',
  'requestEmailVerification',
  'requestPhoneVerification',
  'getCollectors',
  'getCollector',
  'getPrescribers',
  'getPrescriber',
  // Portals (issue 17): the analyses catalogue the external form orders from; a record's files,
  // stored (validated) report versions and external label, each of a record the caller reaches;
  // the external record a clinic creates answers its ids and number only.
  'getAnalyses',
  'getAnalysis',
  'getUploads',
  'uploadFile',
  'downloadUpload',
  'getReportVersions',
  'downloadReport',
  // Validated results as the report prints them (issue 40): result fields, no record row.
  'getValidatedResults',
  'getExternalLabel',
  'addExternalRecord',
  // The user's own account and security settings, and the laboratory's identity (issue 18).
  'getAccountStatus',
  'requestEmailChange',
  'requestPhoneChange',
  'changePassword',
  'updateOtp',
  'getOwnSessions',
  'logoutEverywhere',
  'startPscLink',
  'linkPscAccount',
  'unlinkPscAccount',
  'getPushKey',
  'addPushSubscription',
  'sendTestPush',
  'getLaboratoryInformation',
]);

/** The keys that hold rows or parts of a field: list pages, a record's patient and samples, analyses. */
const WRAPPING_KEYS = [
  'data',
  'number_of_rows',
  'number_of_pages',
  'number_of_rows_capped',
  'patient',
  'samples',
  'record_samples',
  'combination',
  'analysis_ids',
  // Computed for the lists, stored nowhere: a mark that a validated result is out of range, never
  // the value itself (unvalidated results never count).
  'record_abnormal',
  // The names of the laboratory's sample type and matrix of a sample (its catalogue, not the patient's).
  'sample_type_name',
  'matrix_name',
];

const TABLES = { patient: patients, record: records, sample: samples } as const;

function allowedKeys(audience: ExternalAudience): Set<string> {
  const fields = AUDIENCE_FIELDS[audience];
  return new Set([
    ...WRAPPING_KEYS,
    ...Object.keys(fields.patient),
    ...Object.keys(fields.record),
    ...Object.keys(fields.sample),
  ]);
}

/** Every key of an answer, nested objects and arrays included. */
function deepKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) deepKeys(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      into.add(key);
      deepKeys(child, into);
    }
  }
  return into;
}

const reachableBy = (audience: ExternalAudience) =>
  Object.entries(apiTable).filter(
    ([, def]) =>
      def.access.kind !== 'public' &&
      def.access.kind !== 'refreshToken' &&
      decideAccess(def.access, RIGHTS[audience]).allowed,
  );

describe('what clinic users and prescribers may receive (the allow-list)', () => {
  it.each(Object.entries(TABLES))('classifies every stored column of the %s table', (name, table) => {
    const key = name as keyof typeof TABLES;
    const allowed = new Set(
      EXTERNAL_AUDIENCES.flatMap((audience) => Object.keys(AUDIENCE_FIELDS[audience][key])),
    );
    const internal = new Set<string>(INTERNAL_FIELDS[key]);
    const columns = Object.keys(getTableColumns(table));
    // A new column fails here until it is either allowed to an audience or kept internal.
    expect(columns.filter((column) => !allowed.has(column) && !internal.has(column))).toEqual([]);
    expect([...internal].filter((field) => allowed.has(field))).toEqual([]);
    expect([...allowed, ...internal].filter((field) => !columns.includes(field))).toEqual([]);
  });

  it('keeps every secret field internal', () => {
    const internal = new Set<string>(Object.values(INTERNAL_FIELDS).flat());
    expect(SECRET_FIELDS.filter((field) => !internal.has(field))).toEqual([]);
  });

  it.each(EXTERNAL_AUDIENCES)('gives a view to every call a %s reaches that carries records', (audience) => {
    const reachable = reachableBy(audience);
    expect(reachable.map(([name]) => name)).toEqual(expect.arrayContaining(['getRecords', 'getRecord']));
    for (const [name, def] of reachable) {
      if (CARRY_NO_RECORDS.has(name)) continue;
      expect(def.audiences, `${name} is reached by a ${audience} without a view`).toBeDefined();
    }
    for (const [name, def] of Object.entries(apiTable)) {
      if (!def.audiences) continue;
      const keys = [...keysOf(def.audiences[audience])];
      // A user id is the laboratory's internal key (issue 38): the portals read names or nothing.
      expect(
        keys.filter((key) => key.endsWith('_by')),
        name,
      ).toEqual([]);
      // Files and report versions carry no record row: their own keys, never a record's field.
      if (CARRY_NO_RECORDS.has(name)) continue;
      expect(
        keys.filter((key) => !allowedKeys(audience).has(key)),
        name,
      ).toEqual([]);
      expect(
        keys.filter((key) => (SECRET_FIELDS as readonly string[]).includes(key)),
        name,
      ).toEqual([]);
    }
  });
});

describe.each(DATABASES)('answers to clinic users and prescribers on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  const sessions = {} as Record<ExternalAudience, Session>;
  const ids = { record: '', collector: '', prescriber: '', analysis: '' };
  const get = (session: Session, url: string) => call(ctx.app, session, { method: 'GET', url });
  const staffIds: string[] = [];
  const PDF = Buffer.from('%PDF-1.4\n% audience\n');

  /** A GET of each call they reach, by name; a reachable GET call missing here fails the test. */
  const urlOf = (name: string): string | undefined =>
    ({
      getUserData: '/api/get-user-data',
      getRecords: '/api/get-records',
      getRecord: `/api/get-record?record_id=${ids.record}`,
      getCollectors: entities.collectors.paths.list,
      getCollector: `${entities.collectors.paths.get}?${entities.collectors.idField}=${ids.collector}`,
      getPrescribers: entities.prescribers.paths.list,
      getPrescriber: `${entities.prescribers.paths.get}?${entities.prescribers.idField}=${ids.prescriber}`,
      getAnalyses: entities.analyses.paths.list,
      getAnalysis: `${entities.analyses.paths.get}?${entities.analyses.idField}=${ids.analysis}`,
      getUploads: `/api/get-uploads?record_id=${ids.record}`,
      getReportVersions: `/api/get-report-versions?record_id=${ids.record}`,
      getValidatedResults: `/api/get-validated-results?record_id=${ids.record}`,
      getExternalLabel: `/reports/get-external-label?record_id=${ids.record}`,
      getAccountStatus: '/api/get-account-status',
      getOwnSessions: '/api/get-own-sessions',
      getLaboratoryInformation: '/api/get-laboratory-information',
    })[name];
  /** Calls that answer 'not configured' in the test app (no VAPID keys): the push key carries no record. */
  const NOT_CONFIGURED = new Set(['getPushKey']);

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    sessions.clinic = await login(ctx.app, 'clinique@demo.lab');
    sessions.prescriber = await login(ctx.app, 'prescripteur@demo.lab');
    const first = async (url: string, field: string) =>
      String((await get(admin, url)).json<{ data: Json[] }>().data[0]?.[field]);
    const clinic = await first('/api/get-clinics', 'clinic_id');
    ids.prescriber = await first('/api/get-prescribers', 'prescriber_id');
    const post = async (url: string, payload: Json) => {
      const response = await call(ctx.app, admin, { method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Json>();
    };
    ids.collector = String(
      (
        await post('/api/add-collector', {
          collector_surname: 'DURAND',
          collector_name: 'Paul',
          collector_owner: clinic,
        })
      ).collector_id,
    );
    const matrix = String((await post('/api/add-matrix', { matrix_name: 'Sang' })).matrix_id);
    const type = String(
      (await post('/api/add-sampletype', { sample_type_name: 'Tube EDTA' })).sample_type_id,
    );
    await post('/api/add-nabm', { nabm_code: '1104', nabm_wording: 'Hémogramme', nabm_coef_b: 26 });
    // Orderable, so measuring a parameter (issue 40).
    const leucocytes = String(
      (await post('/api/add-parameter', { parameter_name: 'Leucocytes' })).parameter_id,
    );
    const nfs = String(
      (
        await post('/api/add-analysis', {
          analysis_name: 'NFS',
          analysis_sample_type: type,
          analysis_matrix: matrix,
          analysis_nabm_codes: ['1104'],
          analysis_parameters: [leucocytes],
        })
      ).analysis_id,
    );
    ids.analysis = nfs;
    // A record of the demo clinic, prescribed by the demo prescriber, with every secret filled.
    const created = await post('/api/add-patient', {
      patient_surname: 'Durand',
      patient_name: 'Élodie',
      patient_gender: 'F',
      patient_dob: '1988-04-12',
      patient_nir: '2 88 04 75 056 123 69',
      patient_phone_num: '+33612345678',
      patient_email: 'elodie.durand@example.fr',
      patient_address: '3 rue des Lilas',
      patient_internal_notes: 'Patiente difficile à joindre',
      patient_owner: clinic,
      record_owner: clinic,
      record_prescriber: ids.prescriber,
      record_collector: ids.collector,
      record_prescription_date: '2026-11-20',
      record_internal_notes: 'Facture contestée',
      record_clinical_information: 'Suivi anticoagulant',
      record_selected_analyses: [{ combination: 1, analysis_ids: [nfs] }],
    });
    ids.record = String(created.record_id);
    // A file the laboratory attached and a stored report a biologist validated: both name a
    // staff user in their rows.
    const attached = await call(ctx.app, admin, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart({ record_id: ids.record, document_type: 'misc' }, { name: 'bon.pdf', bytes: PDF }),
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const biologist = await login(ctx.app, 'biologiste@demo.lab');
    staffIds.push(admin.uid, biologist.uid);
    const [record] = await ctx.database.db.select().from(records).where(eq(records.record_id, ids.record));
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.insert(recordReports).values({
        laboratory_id: String(record?.laboratory_id),
        report_record: ids.record,
        report_version: 1,
        report_kind: 'final',
        report_validated_by: biologist.uid,
        report_sha256: createHash('sha256').update(PDF).digest('hex'),
        report_size: PDF.length,
        report_pdf: PDF,
      }),
    );
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(sql`UPDATE samples SET sample_nct_active = true, sample_nct_code = 'NCT01',
        sample_nct_description = 'Tube hémolysé', sample_observations = 'Recontrôle',
        sample_lbloc_description = 'Bloqué' WHERE sample_record = ${ids.record}`),
    );
  });
  afterAll(() => stopTestApp(ctx));

  it('still gives staff the whole record, secrets included', async () => {
    const [detail] = (await get(admin, `/api/get-record?record_id=${ids.record}`)).json<Json[]>();
    expect(detail).toMatchObject({ record_internal_notes: 'Facture contestée' });
    expect(detail?.record_password).toEqual(expect.any(String));
    expect(detail?.patient).toMatchObject({ patient_nir: '288047505612369' });
    expect((detail?.samples as Json[] | undefined)?.[0]).toMatchObject({
      sample_nct_description: 'Tube hémolysé',
    });
  });

  it.each(EXTERNAL_AUDIENCES)(
    'answers a %s only the allowed fields on every call they reach',
    async (audience) => {
      const session = sessions[audience];
      const allowed = allowedKeys(audience);
      for (const [name, def] of reachableBy(audience)) {
        if (def.method !== 'GET') continue;
        // Downloads answer a file's bytes, not JSON: the access matrix and the portal test read them.
        if ('kind' in def && def.kind === 'download') continue;
        if (NOT_CONFIGURED.has(name)) continue;
        const url = urlOf(name);
        expect(url, `${name} has no call in this test`).toBeDefined();
        const response = await get(session, url ?? '');
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
        const keys = [...deepKeys(response.json())];
        expect(
          keys.filter((key) => (SECRET_FIELDS as readonly string[]).includes(key)),
          name,
        ).toEqual([]);
        // Staff user ids (the uploader, the validating biologist) never reach them (issue 38).
        for (const uid of staffIds)
          expect(response.body, `${name} carries a staff user id`).not.toContain(uid);
        if (def.audiences && !CARRY_NO_RECORDS.has(name))
          expect(
            keys.filter((key) => !allowed.has(key)),
            name,
          ).toEqual([]);
        else
          expect(
            keys.filter((key) => /^(patient|record|sample)_/.test(key)),
            name,
          ).toEqual([]);
      }
    },
  );

  it('answers the names of who validated, never staff user ids, on files and report versions', async () => {
    const [staffFile] = (await get(admin, `/api/get-uploads?record_id=${ids.record}`)).json<Json[]>();
    expect(staffFile?.upload_by).toBe(admin.uid);
    const [clinicFile] = (await get(sessions.clinic, `/api/get-uploads?record_id=${ids.record}`)).json<
      Json[]
    >();
    const clinicView = apiTable.getUploads?.audiences?.clinic;
    if (!clinicView) throw new Error('getUploads has no clinic view');
    expect([clinicFile]).toEqual(projectOnto(clinicView, [staffFile]));
    expect(clinicFile).not.toHaveProperty('upload_by');
    for (const audience of EXTERNAL_AUDIENCES) {
      const url = `/api/get-report-versions?record_id=${ids.record}`;
      const [version] = (await get(sessions[audience], url)).json<Json[]>();
      expect(version).toMatchObject({ report_version: 1, report_validated_by_name: expect.any(String) });
      expect(version).not.toHaveProperty('report_validated_by');
    }
    const [staffVersion] = (await get(admin, `/api/get-report-versions?record_id=${ids.record}`)).json<
      Json[]
    >();
    expect(staffVersion?.report_validated_by).toBe(staffIds[1]);
    // The answer to a clinic's own upload names no user either.
    const attached = await call(ctx.app, sessions.clinic, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart({ record_id: ids.record, document_type: 'misc' }, { name: 'ordonnance.pdf', bytes: PDF }),
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).not.toHaveProperty('upload_by');
  });

  it.each(EXTERNAL_AUDIENCES)('answers a %s the projection of what staff see', async (audience) => {
    for (const url of [`/api/get-record?record_id=${ids.record}`, '/api/get-records']) {
      const name = url.includes('get-records') ? 'getRecords' : 'getRecord';
      const view = apiTable[name]?.audiences?.[audience];
      if (!view) throw new Error(`${name} has no view for ${audience}`);
      const theirs = (await get(sessions[audience], url)).json();
      const staff = (await get(admin, url)).json<Json>();
      // Staff see the laboratory's records, the portals their own: compare the same rows.
      const mine = (rows: Json[]) => rows.filter((row) => row.record_id === ids.record);
      if (name === 'getRecords') {
        const page = theirs as { data: Json[] };
        expect(page.data.map((row) => row.record_id)).toContain(ids.record);
        expect(mine(page.data)).toEqual(mine((projectOnto(view, staff) as { data: Json[] }).data));
      } else {
        expect(theirs).toEqual(projectOnto(view, staff));
        const [detail] = theirs as Json[];
        expect(detail?.record_number).toEqual(expect.any(String));
        expect(detail?.patient).toMatchObject({ patient_name: 'Élodie', patient_dob: '1988-04-12' });
        expect((detail?.samples as Json[] | undefined)?.length).toBeGreaterThan(0);
      }
    }
  });
});
