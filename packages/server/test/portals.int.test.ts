import { createHash, randomUUID } from 'node:crypto';
import {
  ABNORMAL_RESULT_FLAGS,
  type ApiRouteDef,
  apiTable,
  decideAccess,
  type ErrorCode,
  type Rights,
  SECRET_FIELDS,
} from '@sil/contract';
import type { RouteBody } from '@sil/contract/routes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReports, records } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { apiClient, type RawInput } from './client.js';
import { aPatient, type BenchStaff, pendingRecord, seedCatalogue, staffRecord } from './factories.js';
import {
  codeOf,
  DATABASES,
  digest,
  login,
  multipart,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

/**
 * The portals (issue 17): a clinic's medical user creates an external record, prints its label,
 * attaches a file, and the laboratory receives it; a prescriber reads its records and their stored
 * reports. Every call a portal user reaches, aimed at another clinic's or prescriber's ids, is
 * refused: `clinicUserOverreached` for a clinic user, not found for a prescriber. No answer they
 * receive carries the laboratory's internal notes or the record password.
 */

type Json = Record<string, unknown>;
const PDF = Buffer.from('%PDF-1.4\n% portail\n');

/** What one clinic (and one prescriber) of the laboratory holds. */
interface Corner {
  clinic: string;
  prescriber: string;
  collector: string;
  patient: string;
  record: string;
  upload: string;
  patientUpload: string;
  report: string;
}

describe.each(DATABASES)('portals on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let clinic: Session;
  let billing: Session;
  let prescriber: Session;
  let bench: BenchStaff;
  let biologist: Session;
  const rights: Record<'clinic' | 'billing' | 'prescriber', Rights | null> = {
    clinic: null,
    billing: null,
    prescriber: null,
  };
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
  let own: Corner;
  let other: Corner;

  const as = (session: Session) => apiClient(ctx.app, session);
  const upload = (fields: Record<string, string>): RawInput =>
    multipart(fields, { name: 'bon.pdf', bytes: PDF });
  /** A file attached as `session`: the upload is a multipart call, answered unparsed. */
  const attach = async (session: Session, fields: Record<string, string>) => {
    const response = await as(session).send('uploadFile', upload(fields));
    expect(response.statusCode, response.body).toBe(200);
    return String(response.json<Json>().upload_id);
  };
  /** One page of a list call as `session`, with the filters of `query`. */
  const recordsQuery = (query: RawInput['query'] = {}): RawInput => ({
    query: { number_of_records: 100, ...query },
  });
  const abnormalOnly = { 'filter_column[]': ['record_abnormal'], 'filter_value[]': ['true'] };
  const normalOnly = { 'filter_column[]': ['record_abnormal'], 'filter_value[]': ['false'] };

  /** A stored report as validation leaves one (validating needs results and a biologist). */
  const storeReport = async (recordId: string, laboratoryId: string) => {
    const [row] = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(recordReports)
        .values({
          laboratory_id: laboratoryId,
          report_record: recordId,
          report_version: 1,
          report_kind: 'final',
          report_validated_by: admin.uid,
          report_sha256: createHash('sha256').update(PDF).digest('hex'),
          report_size: PDF.length,
          report_pdf: PDF,
        })
        .returning(),
    );
    return String(row?.report_id);
  };

  /** A record of `clinicId`, prescribed by `prescriberId`, registered by the laboratory with notes. */
  const corner = async (clinicId: string, prescriberId: string, tag: string): Promise<Corner> => {
    const collector = String(
      (
        await as(admin)
          .reference('collectors')
          .add({
            collector_surname: `${tag} préleveur`,
            collector_name: 'Léo',
            collector_owner: clinicId,
          })
      ).collector_id,
    );
    const created = await as(admin).addPatient({
      ...aPatient({ patient_surname: `${tag} patient`, patient_name: 'Zoé', patient_dob: '1980-01-02' }),
      patient_owner: clinicId,
      patient_internal_notes: `${tag} note patient`,
      record_owner: clinicId,
      record_prescriber: prescriberId,
      record_collector: collector,
      record_internal_notes: `${tag} note interne`,
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
    });
    const record = created.record_id;
    const patient = created.patient_id;
    const file = await attach(admin, { record_id: record, document_type: 'misc' });
    const patientFile = await attach(admin, { patient_id: patient, document_type: 'misc' });
    const [row] = await ctx.database.db.select().from(records).where(eq(records.record_id, record));
    const report = await storeReport(record, String(row?.laboratory_id));
    return {
      clinic: clinicId,
      prescriber: prescriberId,
      collector,
      patient,
      record,
      upload: file,
      patientUpload: patientFile,
      report,
    };
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    clinic = await login(ctx.app, 'clinique@demo.lab');
    prescriber = await login(ctx.app, 'prescripteur@demo.lab');
    bench = {
      admin,
      secretary: await login(ctx.app, 'secretariat@demo.lab'),
      technician: await login(ctx.app, 'technicien@demo.lab'),
    };
    biologist = await login(ctx.app, 'biologiste@demo.lab');
    catalogue = await seedCatalogue(ctx.app, admin);
    rights.clinic = (await as(clinic).getUserData()).rights;
    rights.prescriber = (await as(prescriber).getUserData()).rights;
    const clinicId = String(rights.clinic.clinic_id);
    const prescriberId = String(rights.prescriber.prescriber_id);
    await as(admin).addNewExternalUser({
      user_name: 'Facturation',
      user_email: 'facturation-portail@demo.lab',
      clinic_id: clinicId,
      external_account_type: 'billing',
      user_password: digest('Portail-2026!'),
    });
    billing = await login(ctx.app, 'facturation-portail@demo.lab', digest('Portail-2026!'));
    rights.billing = (await as(billing).getUserData()).rights;
    const otherClinic = String(
      (await as(admin).reference('clinics').add({ clinic_name: 'Autre clinique', clinic_code: 'AUTRE' }))
        .clinic_id,
    );
    const otherPrescriber = String(
      (
        await as(admin)
          .reference('prescribers')
          .add({ prescriber_surname: 'Autre', prescriber_name: 'Docteur' })
      ).prescriber_id,
    );
    own = await corner(clinicId, prescriberId, 'Lilas');
    other = await corner(otherClinic, otherPrescriber, 'Tilleul');
  }, 120_000);
  afterAll(() => stopTestApp(ctx));

  const externalRecord = (collector: string): RouteBody<'addExternalRecord'> => ({
    patient_surname: 'Martin',
    patient_name: 'Jeanne',
    patient_gender: 'F',
    patient_dob: '1975-09-14',
    patient_external_id: 'CL-0042',
    record_collector: collector,
    record_collection_datetime: '2026-11-23T08:15',
    record_prescription_date: '2026-11-22',
    record_is_urgent: true,
    record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs, catalogue.glucose] }],
  });

  it('lets a clinic create an external record, print its label and attach a file; the laboratory receives it', async () => {
    // Read unparsed: the clinic is answered these three keys and nothing more.
    const answered = await as(clinic).send('addExternalRecord', { body: externalRecord(own.collector) });
    expect(answered.statusCode, answered.body).toBe(200);
    const created = answered.json<Json>();
    const recordId = String(created.record_id);
    expect(created.record_number).toEqual(expect.any(String));
    expect(Object.keys(created).sort()).toEqual(['patient_id', 'record_id', 'record_number']);

    const [mine] = await as(clinic).getRecord({ record_id: recordId });
    expect(mine).toMatchObject({ record_owner: own.clinic, record_status: 0, record_is_urgent: true });
    expect(mine?.patient).toMatchObject({ patient_external_id: 'CL-0042' });
    expect(mine?.samples).toHaveLength(2);

    const label = await as(clinic).getExternalLabel({ record_id: recordId });
    if ('skip' in label) throw new Error('the external record has no label');
    expect(label.filename).toBe(`${created.record_number} - ETIQUETTE EXTERNE.pdf`);
    expect(Buffer.from(label.pdf_base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const file = await attach(clinic, { record_id: recordId, document_type: 'prescription' });
    const files = await as(clinic).getUploads({ record_id: recordId });
    expect(files.map((row) => row.upload_id)).toEqual([file]);
    const bytes = await as(clinic).send('downloadUpload', { query: { upload_id: file } });
    expect(bytes.rawPayload.equals(PDF)).toBe(true);

    // The laboratory sees it as its own record, owned by the clinic, collected outside.
    const [staff] = await as(admin).getRecord({ record_id: recordId });
    expect(staff).toMatchObject({ record_owner: own.clinic, record_collected_externally: true });
    await as(admin).receiveRecord({ record_id: recordId });
    const [received] = await as(clinic).getRecord({ record_id: recordId });
    expect(received).toMatchObject({ record_status: 1 });
    expect(received?.record_received_at).toEqual(expect.any(String));
  });

  it('orders another record for a patient its clinic owns, and refuses any other patient or collector', async () => {
    const again = await as(clinic).addExternalRecord({
      patient_id: own.patient,
      record_collector: own.collector,
      record_collection_datetime: '2026-11-23T09:00',
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.glucose] }],
    });
    expect(again.patient_id).toBe(own.patient);
    const refused = async (payload: Json, code: ErrorCode) => {
      const response = await as(clinic).send('addExternalRecord', { body: payload });
      expect([response.statusCode, codeOf(response)]).toEqual([
        code === 'clinicUserOverreached' ? 403 : 404,
        code,
      ]);
    };
    await refused({ ...externalRecord(own.collector), patient_id: other.patient }, 'clinicUserOverreached');
    await refused(externalRecord(other.collector), 'clinicUserOverreached');
    await refused(
      { ...externalRecord(own.collector), record_prescriber: randomUUID() },
      'prescriberNotFound',
    );
    // Nothing was written by the refused calls: the clinic still lists its own records only.
    const list = [...(await listed(clinic)).values()];
    expect(list.every((row) => row.record_owner === own.clinic)).toBe(true);
    expect(list.filter((row) => row.patient_surname === 'Martin').length).toBe(1);
  });

  it('keeps a billing clinic user and a prescriber from creating records or attaching files', async () => {
    for (const session of [billing, prescriber]) {
      const made = await as(session).send('addExternalRecord', { body: externalRecord(own.collector) });
      expect(made.statusCode).toBe(403);
      const attached = await as(session).send(
        'uploadFile',
        upload({ record_id: own.record, document_type: 'misc' }),
      );
      expect(attached.statusCode).toBe(403);
    }
    // Staff register records with the wizard, never as a clinic.
    const staff = await as(admin).send('addExternalRecord', { body: externalRecord(own.collector) });
    expect([staff.statusCode, codeOf(staff)]).toEqual([403, 'insufficientRights']);
  });

  it('gives a prescriber its records and their stored reports only', async () => {
    const list = await as(prescriber).getRecords({ number_of_records: 100 });
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((row) => row.record_prescriber === own.prescriber)).toBe(true);
    const versions = await as(prescriber).getReportVersions({ record_id: own.record });
    expect(versions.map((row) => row.report_id)).toEqual([own.report]);
    const pdf = await as(prescriber).send('downloadReport', { query: { report_id: own.report } });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });

  it('never answers a portal user the internal notes or the record password', async () => {
    // The answers are read unparsed: a parse would drop the very fields looked for.
    for (const session of [clinic, billing, prescriber]) {
      for (const [name, input] of [
        ['getRecords', recordsQuery()],
        ['getRecord', { query: { record_id: own.record } }],
        // A billing user reads no report (the next test).
        ...(session === billing
          ? []
          : [['getReportVersions', { query: { record_id: own.record } }] as const]),
      ] as const) {
        const response = await as(session).send(name, input);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
        expect(response.body).not.toContain('note interne');
        expect(response.body).not.toContain('note patient');
        for (const field of SECRET_FIELDS)
          expect(response.body, `${name} carries ${field}`).not.toContain(`"${field}"`);
      }
    }
    // Staff still read them: the cut is per reader.
    const staff = await staffRecord(ctx.app, admin, own.record);
    expect(staff).toMatchObject({ record_internal_notes: 'Lilas note interne' });
    expect(staff.record_password).toEqual(expect.any(String));
  });

  it("keeps reports and attached files from a clinic's billing user, who keeps the records and bills", async () => {
    // Medical secrecy (decision 0012): the report and the files (prescriptions, other
    // laboratories' results) are for the clinic's medical users; billing needs neither.
    const medicalOnly: Array<[string, RawInput['query']]> = [
      ['getReportVersions', { record_id: own.record }],
      ['getValidatedResults', { record_id: own.record }],
      ['downloadReport', { report_id: own.report }],
      ['getUploads', { record_id: own.record }],
      ['getUploads', { patient_id: own.patient }],
      ['downloadUpload', { upload_id: own.upload }],
      ['downloadUpload', { upload_id: own.patientUpload }],
    ];
    for (const [name, query] of medicalOnly) {
      const refused = await as(billing).send(name, { query });
      expect([name, refused.statusCode, codeOf(refused)]).toEqual([name, 403, 'insufficientRights']);
      expect(refused.body).not.toContain('%PDF');
      const medical = await as(clinic).send(name, { query });
      expect([name, medical.statusCode]).toEqual([name, 200]);
    }
    // What billing needs stays: the clinic's records and its bills.
    await as(billing).getRecords({ number_of_records: 100 });
    await as(billing).getBillingList({ bill_state: 'toBill' });
    // And the rule the web app reads says the same, so the screens offer none of it.
    for (const name of [
      'getReportVersions',
      'getValidatedResults',
      'downloadReport',
      'getUploads',
      'downloadUpload',
    ]) {
      const def = apiTable[name] as ApiRouteDef;
      expect([name, decideAccess(def.access, rights.billing).allowed]).toEqual([name, false]);
      expect([name, decideAccess(def.access, rights.clinic).allowed]).toEqual([name, true]);
    }
  });

  /**
   * Each call a portal user may reach that names a record, a patient, a file, a report or a row of
   * a clinic, aimed at the other clinic's (and prescriber's) ids. A reachable call missing here and
   * not listed as naming none fails the test.
   */
  const FOREIGN: Record<string, (c: Corner) => RawInput[]> = {
    getRecord: (c) => [{ query: { record_id: c.record } }],
    getReportVersions: (c) => [{ query: { record_id: c.record } }],
    getValidatedResults: (c) => [{ query: { record_id: c.record } }],
    downloadReport: (c) => [{ query: { report_id: c.report } }],
    getExternalLabel: (c) => [{ query: { record_id: c.record } }],
    getUploads: (c) => [{ query: { record_id: c.record } }, { query: { patient_id: c.patient } }],
    downloadUpload: (c) => [{ query: { upload_id: c.upload } }, { query: { upload_id: c.patientUpload } }],
    uploadFile: (c) => [
      upload({ record_id: c.record, document_type: 'misc' }),
      upload({ patient_id: c.patient, document_type: 'misc' }),
    ],
    addExternalRecord: (c) => [
      { body: { ...externalRecord(own.collector), patient_id: c.patient } },
      { body: externalRecord(c.collector) },
    ],
    getCollector: (c) => [{ query: { collector_id: c.collector } }],
    getBillingList: (c) => [{ query: { clinic_id: c.clinic } }],
  };
  /** Reachable calls that name nothing of a clinic or a prescriber: lists scoped by the server, the user's own account, the laboratory's catalogue. */
  const NAMES_NOTHING = new Set([
    'getUserData',
    'updateUserPreferences',
    'requestEmailVerification',
    'requestPhoneVerification',
    'getRecords',
    'getCollectors',
    'getPrescribers',
    'getPrescriber',
    'getAnalyses',
    'getAnalysis',
    // The user's own account, security and the laboratory's identity card (issue 18).
    'getAccountStatus',
    'requestEmailChange',
    'requestPhoneChange',
    'changePassword',
    'updateOtp',
    'getOwnSessions',
    'logoutEverywhere',
    'getPscUser',
    'startPscLink',
    'linkPscAccount',
    'unlinkPscAccount',
    'getPushKey',
    'addPushSubscription',
    'sendTestPush',
    'getLaboratoryInformation',
  ]);

  it.each([
    ['clinic', 'clinicUserOverreached'],
    ['billing', 'clinicUserOverreached'],
    ['prescriber', 'recordNotFound'],
  ] as const)('refuses a %s every id of another clinic or prescriber', async (who, expected) => {
    const session = { clinic, billing, prescriber }[who];
    const reachable = Object.entries(apiTable as Record<string, ApiRouteDef>).filter(
      ([, def]) =>
        def.access.kind !== 'public' &&
        def.access.kind !== 'refreshToken' &&
        decideAccess(def.access, rights[who]).allowed,
    );
    expect(reachable.map(([name]) => name)).toEqual(expect.arrayContaining(['getRecords', 'getRecord']));
    const answers: string[] = [];
    for (const [name] of reachable) {
      if (NAMES_NOTHING.has(name)) continue;
      const requests = FOREIGN[name];
      expect(requests, `${name} is reachable by a ${who} and has no case here`).toBeDefined();
      for (const [index, input] of (requests?.(other) ?? []).entries()) {
        const response = await as(session).send(name, input);
        answers.push(`${name} #${index}: ${response.statusCode} ${codeOf(response)}`);
        // A prescriber's refusal for a report or file is that item's own not-found.
        const codes = who === 'prescriber' ? [expected, 'reportNotFound', 'fileNotFound'] : [expected];
        expect(codes, `${name} #${index}: ${response.body.slice(0, 120)}`).toContain(codeOf(response));
        expect(response.body).not.toContain('Tilleul');
      }
    }
    expect(answers.length).toBeGreaterThan(0);
    // The lists a portal user reaches show none of the other corner's rows.
    const records = await as(session).send('getRecords', recordsQuery());
    expect(records.body).not.toContain(other.record);
  });

  /** The records of a list call, by id. */
  const listed = async (session: Session, filters: RawInput['query'] = {}) => {
    const answer = await as(session).getRecords({ number_of_records: 100, ...filters });
    return new Map<string, Json>(answer.data.map((row) => [String(row.record_id), row]));
  };

  /**
   * A glucose with its range (0.70 – 1.10 g/L) in a panel on the catalogue's serum and blood, beside
   * the catalogue's blood count: made once, for the tests that read out-of-range validated results.
   */
  let rangedPanel: Promise<{ glucose: string; panel: string; count: string }> | undefined;
  const glucosePanel = () => {
    rangedPanel ??= (async () => {
      const glucose = String(
        (
          await as(admin)
            .reference('parameters')
            .add({
              parameter_name: 'Glucose portail',
              parameter_unit: 'g/L',
              parameter_decimals: 2,
              parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
            })
        ).parameter_id,
      );
      const panel = await as(admin)
        .reference('analyses')
        .add({
          analysis_name: 'Glycémie portail',
          analysis_sample_type: catalogue.serum,
          analysis_matrix: catalogue.blood,
          analysis_parameters: [glucose],
        });
      return { glucose, panel: String(panel.analysis_id), count: catalogue.nfs };
    })();
    return rangedPanel;
  };
  /** The biologist validates both samples of a pending record. */
  const validate = (pending: { recordId: string; panel: string; count: string }) =>
    as(biologist).validateRecord({ record_id: pending.recordId, sample_ids: [pending.panel, pending.count] });

  it('marks the records with a validated result out of range, and filters on the mark', async () => {
    const ids = await glucosePanel();
    const patient = (surname: string, owned: boolean) =>
      aPatient({
        patient_surname: surname,
        patient_name: 'Anne',
        patient_dob: '1970-05-06',
        ...(owned ? { patient_owner: own.clinic, record_owner: own.clinic } : {}),
        record_prescriber: own.prescriber,
      });
    // High and validated; high but waiting for the biologist; in range and validated (no clinic).
    const high = await pendingRecord(ctx.app, bench, ids, patient('Haute', true), 1.26);
    await validate(high);
    const waiting = await pendingRecord(ctx.app, bench, ids, patient('Attente', true), 1.26);
    const normal = await pendingRecord(ctx.app, bench, ids, patient('Normale', false), 0.9);
    await validate(normal);

    const byPrescriber = await listed(prescriber);
    expect(byPrescriber.get(high.recordId)?.record_abnormal).toBe(true);
    // An unvalidated value says nothing to a portal user, not even that it is out of range.
    expect(byPrescriber.get(waiting.recordId)?.record_abnormal).toBe(false);
    expect(byPrescriber.get(normal.recordId)?.record_abnormal).toBe(false);
    const byClinic = await listed(clinic);
    expect(byClinic.get(high.recordId)?.record_abnormal).toBe(true);
    expect(byClinic.get(waiting.recordId)?.record_abnormal).toBe(false);
    expect(byClinic.has(normal.recordId)).toBe(false);
    const staff = await listed(admin);
    expect([high, waiting, normal].map((r) => staff.get(r.recordId)?.record_abnormal)).toEqual([
      true,
      false,
      false,
    ]);

    // The laboratory's export carries the mark too.
    const csv = await as(admin).send('exportRecords', { query: { format: 'csv', 'ids[]': [high.recordId] } });
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const column = header?.split(';').indexOf('record_abnormal') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(line?.split(';')[column]).toBe('true');

    for (const session of [prescriber, clinic, admin]) {
      const abnormal = await listed(session, abnormalOnly);
      expect([...abnormal.keys()]).toEqual([high.recordId]);
      const others = await listed(session, normalOnly);
      expect(others.has(high.recordId)).toBe(false);
      expect(others.has(waiting.recordId)).toBe(true);
      expect([...others.values()].every((row) => row.record_abnormal === false)).toBe(true);
    }
    // A clinic's billing user reads no result, not even this mark, and may not filter on it.
    const byBilling = await listed(billing);
    expect(byBilling.get(high.recordId)?.record_abnormal).toBe(false);
    const filtered = await as(billing).send('getRecords', recordsQuery(abnormalOnly));
    expect([filtered.statusCode, codeOf(filtered)]).toEqual([403, 'insufficientRights']);
    const wrong = await as(prescriber).send('getRecords', {
      query: { 'filter_column[]': ['record_abnormal'], 'filter_value[]': ['oui'] },
    });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, 'incorrectType']);

    // Invalidated, the result no longer counts: the mark goes with it.
    await as(biologist).invalidateRecord({
      record_id: high.recordId,
      sample_ids: [high.panel, high.count],
      reason: 'Glycémie à recontrôler',
    });
    expect((await listed(prescriber)).get(high.recordId)?.record_abnormal).toBe(false);
    expect((await listed(prescriber, abnormalOnly)).size).toBe(0);
    expect((await listed(admin, abnormalOnly)).has(high.recordId)).toBe(false);
    // Validated again, it is released again: the mark comes back.
    await validate(high);
    expect((await listed(prescriber, abnormalOnly)).has(high.recordId)).toBe(true);
  });

  it("gives a prescriber its records' validated results with ranges, flags and the previous value", async () => {
    const ids = await glucosePanel();
    const identity = { patient_surname: 'Résultats', patient_name: 'Inès', patient_dob: '1966-03-04' };
    let patientId: string | undefined;
    // The same patient throughout, for the earlier result to be the later one's anteriority.
    // Each record collected on its own day: the anteriority is the last validated result collected before.
    const patient = (prescriberId: string, day: number) =>
      aPatient({
        ...identity,
        ...(patientId ? { patient_id: patientId } : {}),
        record_prescriber: prescriberId,
        record_collection_datetime: `2026-11-${day}T08:00`,
      });
    // The same patient: an earlier validated record, then a high one; one still waiting; another prescriber's.
    const earlier = await pendingRecord(ctx.app, bench, ids, patient(own.prescriber, 20), 0.95);
    await validate(earlier);
    patientId = (await staffRecord(ctx.app, admin, earlier.recordId)).record_patient;
    const high = await pendingRecord(ctx.app, bench, ids, patient(own.prescriber, 24), 1.32);
    await validate(high);
    const waiting = await pendingRecord(ctx.app, bench, ids, patient(own.prescriber, 25), 1.5);
    const foreign = await pendingRecord(ctx.app, bench, ids, patient(other.prescriber, 26), 1.4);
    await validate(foreign);

    const lines = await as(prescriber).getValidatedResults({ record_id: high.recordId });
    expect(lines).toEqual([
      {
        analysis_id: ids.panel,
        analysis_name: 'Glycémie portail',
        parameter_id: ids.glucose,
        parameter_name: 'Glucose portail',
        parameter_decimals: 2,
        result_value: 1.32,
        result_text: null,
        result_calculated: null,
        result_censored: null,
        result_unit: 'g/L',
        result_range_min: 0.7,
        result_range_max: 1.1,
        result_flags: ['high'],
        anteriority: {
          collected_at: '2026-11-20T08:00:00.000Z',
          result_value: 0.95,
          result_text: null,
          result_calculated: null,
          result_censored: null,
          result_unit: 'g/L',
        },
      },
    ]);
    // Nothing of who entered or validated it reaches the portal.
    const raw = await as(prescriber).send('getValidatedResults', { query: { record_id: high.recordId } });
    expect(raw.body).not.toContain(biologist.uid);
    expect(raw.body).not.toContain('entered_by');
    // A result not yet validated is not released, nor another prescriber's record.
    expect(await as(prescriber).getValidatedResults({ record_id: waiting.recordId })).toEqual([]);
    const refused = await as(prescriber).send('getValidatedResults', {
      query: { record_id: foreign.recordId },
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([404, 'recordNotFound']);
    // Staff read who took each step of a sample by name; the portal reads no user of the laboratory.
    const [panelSample] = (await staffRecord(ctx.app, admin, high.recordId)).samples.filter(
      (sample) => sample.sample_id === high.panel,
    );
    expect(panelSample).toMatchObject({
      sample_removed_by_name: expect.stringMatching(/\S/),
      sample_validated_by_name: 'Dr Bruno Lefèvre (biologiste)',
      sample_prepared_by_name: null,
    });
    const [portalRecord] = await as(prescriber).getRecord({ record_id: high.recordId });
    expect(portalRecord?.samples?.[0]).not.toHaveProperty('sample_validated_by_name');
    // Taken back by the biologist, the result leaves the portal until validated again.
    await as(biologist).invalidateRecord({
      record_id: high.recordId,
      sample_ids: [high.panel, high.count],
      reason: 'Glycémie à recontrôler',
    });
    expect(await as(prescriber).getValidatedResults({ record_id: high.recordId })).toEqual([]);
    // Staff read the same lines of any record of the laboratory.
    const staff = await as(admin).getValidatedResults({ record_id: foreign.recordId });
    expect(staff.map((line) => [line.result_value, line.result_flags])).toEqual([[1.4, ['high']]]);
  });

  it('keeps the partial index of out-of-range results on the flags the mark reads', async () => {
    const answer = (await ctx.database.db.execute(
      sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'results_abnormal_sample'`,
    )) as unknown as { rows: Array<{ indexdef: string }> };
    const [index] = answer.rows;
    const flags = /'\{([^}]*)\}'/.exec(index?.indexdef ?? '')?.[1]?.split(',');
    expect(flags?.sort()).toEqual([...ABNORMAL_RESULT_FLAGS].sort());
  });

  it('lists only the records of clinics as external records, whoever asks', async () => {
    const external = { 'filter_column[]': ['records_external'], 'filter_value[]': ['true'] };
    const all = await listed(admin);
    const externals = await listed(admin, external);
    expect(externals.size).toBeGreaterThan(0);
    expect([...externals.values()].every((row) => row.record_owner !== null)).toBe(true);
    expect([...all.values()].filter((row) => row.record_owner !== null).map((row) => row.record_id)).toEqual([
      ...externals.keys(),
    ]);
    expect([...all.values()].some((row) => row.record_owner === null)).toBe(true);
    // A clinic's own list is the same with the filter or without it.
    expect([...(await listed(clinic, external)).keys()]).toEqual([...(await listed(clinic)).keys()]);
  });

  it('names the sample type and matrix of each sample in the previews of the portals', async () => {
    for (const session of [clinic, prescriber, admin]) {
      const [detail] = await as(session).getRecord({ record_id: own.record });
      const samples: Json[] = detail?.samples ?? [];
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.map((sample) => [sample.sample_type_name, sample.matrix_name])).toEqual(
        samples.map(() => ['Tube EDTA', 'Sang']),
      );
    }
  });
});
