import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import type { RawInput } from './client.js';
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
const NEW_PATIENT = {
  patient_surname: 'Durand',
  patient_name: 'Élodie',
  patient_birth_name: 'Moreau',
  patient_gender: 'F',
  patient_dob: '1988-04-12',
  patient_birthplace: '75056',
  patient_nir: '2 88 04 75 056 123 69',
  patient_phone_num: '+33612345678',
};

describe.each(DATABASES)('patients and records on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let secretary: Session;
  type IdName =
    | 'blood'
    | 'urine'
    | 'edta'
    | 'serum'
    | 'pot'
    | 'nfs'
    | 'glucose'
    | 'ecbu'
    | 'cycle'
    | 'internal'
    | 'prescriber'
    | 'clinic'
    | 'patient'
    | 'record'
    | 'number';
  const ids = {} as Record<IdName, string>;
  const post = (session: Session, name: string, body: Json) => call(ctx.app, session, name, { body });
  const put = post;
  const get = async <T = Json>(session: Session, name: string, query: RawInput['query'] = {}) =>
    (await call(ctx.app, session, name, { query })).json<T>();
  const record = async (id: string) => (await get<Json[]>(admin, 'getRecord', { record_id: id }))[0] ?? {};
  const selection = (...analysisIds: string[]) => [{ combination: 1, analysis_ids: analysisIds }];

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    const id = async (name: string, payload: Json, field: string) =>
      String((await post(admin, name, payload)).json<Json>()[field]);
    ids.blood = await id('addMatrix', { matrix_name: 'Sang' }, 'matrix_id');
    ids.urine = await id('addMatrix', { matrix_name: 'Urine' }, 'matrix_id');
    ids.edta = await id('addSampletype', { sample_type_name: 'Tube EDTA' }, 'sample_type_id');
    ids.serum = await id('addSampletype', { sample_type_name: 'Tube sec' }, 'sample_type_id');
    ids.pot = await id('addSampletype', { sample_type_name: 'Flacon stérile' }, 'sample_type_id');
    await post(admin, 'addNabm', { nabm_code: '1104', nabm_wording: 'Hémogramme', nabm_coef_b: 26 });
    await post(admin, 'addNabm', {
      nabm_code: '0552',
      nabm_wording: 'Glucose',
      nabm_coef_b: 5,
      nabm_incompatible_codes: ['0412'],
    });
    await post(admin, 'addNabm', {
      nabm_code: '0412',
      nabm_wording: 'Cycle glycémique',
      nabm_coef_b: 20,
    });
    // Each measures a parameter of its own: an analysis is orderable only with one (issue 40).
    const analysis = async (name: string, type: string, matrix: string, codes: string[], extra: Json = {}) =>
      id(
        'addAnalysis',
        {
          analysis_name: name,
          analysis_sample_type: type,
          analysis_matrix: matrix,
          analysis_nabm_codes: codes,
          analysis_parameters: [await id('addParameter', { parameter_name: name }, 'parameter_id')],
          ...extra,
        },
        'analysis_id',
      );
    ids.nfs = await analysis('NFS', ids.edta, ids.blood, ['1104']);
    ids.glucose = await analysis('Glycémie', ids.serum, ids.blood, ['0552']);
    ids.ecbu = await analysis('ECBU', ids.pot, ids.urine, []);
    ids.cycle = await analysis('Cycle glycémique', ids.serum, ids.blood, ['0412']);
    ids.internal = await analysis('Contrôle interne', ids.serum, ids.blood, [], { analysis_visible: false });
    ids.prescriber = String((await get<{ data: Json[] }>(admin, 'getPrescribers')).data[0]?.prescriber_id);
    ids.clinic = String((await get<{ data: Json[] }>(admin, 'getClinics')).data[0]?.clinic_id);
  });
  afterAll(() => stopTestApp(ctx));

  it('registers a new patient and a record with one sample per sample type and matrix', async () => {
    const response = await post(secretary, 'addPatient', {
      ...NEW_PATIENT,
      record_prescriber: ids.prescriber,
      record_prescription_date: '2026-11-20',
      record_selected_analyses: [
        { combination: 1, analysis_ids: [ids.nfs, ids.glucose] },
        { combination: 2, analysis_ids: [ids.ecbu] },
      ],
      record_must_online: true,
      record_persons_to_phone: ['patient'],
      record_clinical_information: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{
      patient_id: string;
      record_id: string;
      record_number: string;
      record_password: string;
      samples: Json[];
    }>();
    expect(created.record_number).toMatch(/^\d{10}$/);
    expect(created.record_password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{8}$/);
    expect(created.samples.map((s) => s.sample_number)).toEqual(
      [1, 2, 3].map((n) => `${created.record_number}-0${n}`),
    );
    Object.assign(ids, {
      patient: created.patient_id,
      record: created.record_id,
      number: created.record_number,
    });

    const detail = await record(created.record_id);
    expect(detail).toMatchObject({
      record_status: 0,
      record_must_online: true,
      record_clinical_information: null,
      record_persons_to_phone: ['patient'],
    });
    expect(detail.patient).toMatchObject({
      patient_nir: '288047505612369',
      patient_identity_status: 'provisional',
      patient_name: 'Élodie',
    });
    const samples = detail.samples as Array<{ sample_analyses: string[]; sample_type: string }>;
    expect(samples.find((s) => s.sample_type === ids.edta)?.sample_analyses).toEqual([ids.nfs]);

    const second = await post(secretary, 'addPatient', {
      patient_id: created.patient_id,
      record_selected_analyses: selection(ids.nfs),
    });
    expect(Number(second.json<Json>().record_number)).toBe(Number(created.record_number) + 1);
  });

  it('refuses hidden analyses, NABM conflicts, unknown analyses and incomplete patients', async () => {
    const order = (analysisIds: string[], extra: Json = {}) =>
      post(secretary, 'addPatient', {
        patient_id: ids.patient,
        record_selected_analyses: selection(...analysisIds),
        ...extra,
      });
    expect(codeOf(await order([ids.internal]))).toBe('cannotOrderHiddenAnalyses');
    const conflict = await order([ids.glucose, ids.cycle]);
    expect([codeOf(conflict), conflict.json().details.conflicts[0].codes.sort()]).toEqual([
      'nabmConflict',
      ['0412', '0552'],
    ]);
    expect(codeOf(await order(['00000000-0000-4000-8000-000000000000']))).toBe('analysisNotFound');
    const incomplete = await post(secretary, 'addPatient', {
      patient_surname: 'X',
      record_selected_analyses: selection(ids.nfs),
    });
    expect([
      codeOf(incomplete),
      incomplete
        .json()
        .details.issues.map((i: Json) => i.path)
        .sort(),
    ]).toEqual(['missingData', ['patient_dob', 'patient_gender', 'patient_name']]);
    const badNir = await post(secretary, 'addPatient', {
      ...NEW_PATIENT,
      patient_nir: '288047505612368',
      record_selected_analyses: selection(ids.nfs),
    });
    expect(badNir.json().details.issues[0].path).toBe('patient_nir');
    const qualifiedWithoutIns = await post(secretary, 'addPatient', {
      ...NEW_PATIENT,
      patient_identity_status: 'qualified',
      record_selected_analyses: selection(ids.nfs),
    });
    expect(qualifiedWithoutIns.json().details.issues[0]).toEqual({
      path: 'patient_identity_status',
      message: 'insRequired',
    });
    const technician = await login(ctx.app, 'technicien@demo.lab');
    const noRight = await post(technician, 'addPatient', {
      ...NEW_PATIENT,
      record_selected_analyses: selection(ids.nfs),
    });
    expect(codeOf(noRight)).toBe('insufficientAdminRights');
  });

  it('updates the analyses before processing, keeping the numbers of samples still needed', async () => {
    const before = await record(ids.record);
    const numberOf = (analysisId: string | undefined) =>
      (before.samples as Array<{ sample_analyses: string[]; sample_number: string }>).find((s) =>
        s.sample_analyses.includes(analysisId ?? ''),
      )?.sample_number;
    const update = await put(secretary, 'updatePatient', {
      record_id: ids.record,
      record_last_updated: before.record_last_updated,
      record_selected_analyses: [{ combination: 1, analysis_ids: [ids.nfs, ids.ecbu] }],
    });
    expect(update.statusCode, update.body).toBe(200);
    const after = await record(ids.record);
    const numbers = (after.samples as Json[]).map((s) => s.sample_number);
    expect(numbers).toEqual([numberOf(ids.nfs), numberOf(ids.ecbu)].sort());
    expect(numbers).not.toContain(numberOf(ids.glucose));
    const stale = await put(secretary, 'updatePatient', {
      record_id: ids.record,
      record_last_updated: before.record_last_updated,
      record_internal_notes: 'x',
    });
    expect(codeOf(stale)).toBe('staleUpdate');
    const patient = after.patient as Json;
    const renamed = await put(secretary, 'updatePatient', {
      patient_id: ids.patient,
      patient_last_updated: patient.patient_last_updated,
      patient_surname: 'Durand-Moreau',
      patient_insurance_to: '2020-01-31',
    });
    expect(renamed.json().patient).toMatchObject({
      patient_surname: 'Durand-Moreau',
      patient_insurance_warning: 'expired',
    });
  });

  it('moves statuses forward only and fixes the analyses once processing', async () => {
    const current = await record(ids.record);
    const registered = await put(admin, 'updateRecordStatus', {
      record_id: ids.record,
      record_last_updated: current.record_last_updated,
      record_status: 1,
    });
    expect(registered.json()).toMatchObject({ record_status: 1 });
    const technician = await login(ctx.app, 'technicien@demo.lab');
    const [sample] = (await record(ids.record)).samples as Json[];
    await put(technician, 'updateSampleStatus', { sample_id: sample?.sample_id, sample_status: 1 });
    const processing = await record(ids.record);
    expect(processing).toMatchObject({ record_status: 2 });
    const back = await put(admin, 'updateRecordStatus', {
      record_id: ids.record,
      record_last_updated: processing.record_last_updated,
      record_status: 1,
    });
    expect(codeOf(back)).toBe('cannotDowngradeStatus');
    await expect(
      writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
        tx
          .update(records)
          .set({ record_status: 0 })
          .where(eq(records.record_id, ids.record ?? '')),
      ),
    ).rejects.toThrow();
    const change = await put(secretary, 'updatePatient', {
      record_id: ids.record,
      record_last_updated: processing.record_last_updated,
      record_selected_analyses: selection(ids.nfs),
    });
    expect(codeOf(change)).toBe('cannotChangeSelectedAnalysesStructure');
  });

  it('cancels and replaces a record with an explanation', async () => {
    const created = (
      await post(secretary, 'addPatient', {
        patient_id: ids.patient,
        record_selected_analyses: selection(ids.glucose),
        record_must_paper: true,
      })
    ).json<Json>();
    const current = await record(String(created.record_id));
    const cancelled = await put(secretary, 'cancelRecord', {
      record_id: created.record_id,
      record_last_updated: current.record_last_updated,
      record_annulment_explanation: 'Erreur de prescripteur',
    });
    const body = cancelled.json<{ cancelled: Json; replacement: Json }>();
    expect(body.cancelled).toMatchObject({
      record_annulr_flag: true,
      record_annulment_explanation: 'Erreur de prescripteur',
      record_replaced_by: body.replacement.record_id,
    });
    expect(body.replacement).toMatchObject({
      record_replaces: created.record_id,
      record_must_paper: true,
      record_status: 0,
    });
    expect(body.replacement.record_number).not.toBe(created.record_number);
    const again = await put(secretary, 'cancelRecord', {
      record_id: created.record_id,
      record_last_updated: body.cancelled.record_last_updated,
      record_annulment_explanation: 'Encore',
    });
    expect(codeOf(again)).toBe('invalidOperation');
    const edit = await put(secretary, 'updatePatient', {
      record_id: created.record_id,
      record_last_updated: body.cancelled.record_last_updated,
      record_is_urgent: true,
    });
    expect(codeOf(edit)).toBe('invalidRecordStatusForUpdate');
  });

  it('replaces a record whose analysis was hidden since it was ordered, and keeps that analysis', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    const orderable = (
      await post(admin, 'addAnalysis', {
        analysis_name: 'Ancien dosage',
        analysis_sample_type: ids.serum,
        analysis_matrix: ids.blood,
        analysis_parameters: [
          String(
            (await post(admin, 'addParameter', { parameter_name: 'Ancien dosage' })).json<Json>()
              .parameter_id,
          ),
        ],
      })
    ).json<Json>();
    const created = (
      await post(secretary, 'addPatient', {
        patient_id: ids.patient,
        record_selected_analyses: selection(String(orderable.analysis_id)),
      })
    ).json<Json>();
    await put(admin, 'updateAnalysis', {
      analysis_id: orderable.analysis_id,
      analysis_last_updated: orderable.analysis_last_updated,
      analysis_visible: false,
    });
    const current = await record(String(created.record_id));
    const replaced = await put(secretary, 'cancelRecord', {
      record_id: created.record_id,
      record_last_updated: current.record_last_updated,
      record_annulment_explanation: 'Tube coagulé',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().replacement.record_selected_analyses).toEqual([
      { combination: 1, analysis_ids: [orderable.analysis_id] },
    ]);
    const refused = await call(ctx.app, admin, 'deleteAnalyses', { body: { ids: [orderable.analysis_id] } });
    expect([codeOf(refused), refused.json().details]).toEqual(['cannotDelete', { referenced_by: 'samples' }]);
  });

  it('receives a record, scans it once, keeps notes and shows the whole trace', async () => {
    const created = (
      await post(secretary, 'addPatient', {
        patient_id: ids.patient,
        record_selected_analyses: selection(ids.nfs),
      })
    ).json<Json>();
    expect((await put(secretary, 'receiveRecord', { record_id: created.record_id })).json()).toMatchObject({
      record_status: 1,
    });
    expect((await put(secretary, 'scanRecord', { record_number: created.record_number })).statusCode).toBe(
      200,
    );
    const second = await put(secretary, 'scanRecord', { record_number: created.record_number });
    expect([second.statusCode, codeOf(second)]).toEqual([409, 'recordAlreadyScanned']);
    expect(codeOf(await put(secretary, 'scanRecord', { record_number: '0000000000' }))).toBe(
      'recordNotFound',
    );
    const read = await record(String(created.record_id));
    await put(secretary, 'updateRecordComments', {
      record_id: created.record_id,
      record_last_updated: read.record_last_updated,
      record_internal_notes: 'Patient à rappeler',
    });
    const trace = await get<Json[]>(admin, 'getRecordTrace', { record_id: String(created.record_id) });
    expect(trace.filter((t) => t.table_name === 'records' && t.modification_type === 'insert')).toHaveLength(
      1,
    );
    expect(trace.filter((t) => t.table_name === 'samples' && t.modification_type === 'insert')).toHaveLength(
      1,
    );
    const note = trace.find((t) => t.modification_field === 'record_internal_notes');
    expect(note).toMatchObject({
      modification_new_value: 'Patient à rappeler',
      modification_by: secretary.uid,
      modification_by_name: 'David Petit (secrétariat)',
    });
    expect(trace.some((t) => String(t.modification_new_value ?? '').includes('record_password'))).toBe(true);
    expect(
      trace.every((t) => !String(t.modification_new_value ?? '').includes(String(created.record_password))),
    ).toBe(true);
    expect(trace.every((t) => !String(t.modification_new_value ?? '').includes('laboratory_id'))).toBe(true);
  });

  it('keeps locked records from earlier versions read-only', async () => {
    const created = (
      await post(secretary, 'addPatient', {
        patient_id: ids.patient,
        record_selected_analyses: selection(ids.nfs),
      })
    ).json<Json>();
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(records)
        .set({ record_locked: true })
        .where(eq(records.record_id, String(created.record_id))),
    );
    const current = await record(String(created.record_id));
    const edit = await put(secretary, 'updatePatient', {
      record_id: created.record_id,
      record_last_updated: current.record_last_updated,
      record_is_urgent: true,
    });
    expect(codeOf(edit)).toBe('cannotEditLock');
    expect(
      codeOf(
        await put(secretary, 'updateRecordComments', {
          record_id: created.record_id,
          record_last_updated: current.record_last_updated,
          record_internal_notes: 'x',
        }),
      ),
    ).toBe('cannotEditLock');
  });

  it('finds patients by name, NIR or date of birth, and records by patient, status and day', async () => {
    const byName = await get<{ data: Json[] }>(secretary, 'getPatients', { search: 'durand' });
    expect(byName.data.map((p) => p.patient_id)).toEqual([ids.patient]);
    expect(
      (await get<{ data: Json[] }>(secretary, 'getPatients', { search: '12/04/1988' })).data,
    ).toHaveLength(1);
    expect((await get<{ data: Json[] }>(secretary, 'getPatients', { search: '2880475' })).data).toHaveLength(
      1,
    );
    expect(
      (await get<{ data: Json[] }>(secretary, 'getPatients', { search: '13/04/1988' })).data,
    ).toHaveLength(0);

    const byPatient = await get<{ data: Json[]; number_of_rows: number }>(secretary, 'getRecords', {
      search: 'Durand',
      number_of_records: '50',
    });
    expect(byPatient.number_of_rows).toBeGreaterThanOrEqual(5);
    expect(byPatient.data[0]).toMatchObject({ patient_surname: 'Durand-Moreau', patient_dob: '1988-04-12' });
    const processing = await get<{ data: Json[] }>(secretary, 'getRecords', {
      filter_column: ['record_status'],
      filter_value: ['2'],
    });
    expect(processing.data.map((r) => r.record_id)).toEqual([ids.record]);
    // The laboratory's day (Paris), which is the list's day whatever the hour in UTC.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const ofToday = await get<{ number_of_rows: number }>(secretary, 'getRecords', {
      filter_date_from: today,
      filter_date_to: today,
    });
    expect(ofToday.number_of_rows).toBe(byPatient.number_of_rows);
    const longAgo = await get<{ number_of_rows: number }>(secretary, 'getRecords', {
      filter_date_from: '2020-01-01',
      filter_date_to: '2020-01-31',
    });
    expect(longAgo.number_of_rows).toBe(0);
    const withNct = await get<{ number_of_rows: number }>(secretary, 'getRecords', {
      filter_column: ['records_with_ncts'],
      filter_value: ['true'],
    });
    expect(withNct.number_of_rows).toBe(0);
  });

  it('shows clinic users their clinic’s records and prescribers their own', async () => {
    const owned = (
      await post(secretary, 'addPatient', {
        patient_id: ids.patient,
        record_owner: ids.clinic,
        record_selected_analyses: selection(ids.nfs),
      })
    ).json<Json>();
    const clinic = await login(ctx.app, 'clinique@demo.lab');
    const seen = await get<{ data: Json[] }>(clinic, 'getRecords');
    expect(seen.data.map((r) => r.record_id)).toEqual([owned.record_id]);
    expect(codeOf(await call(ctx.app, clinic, 'getRecord', { query: { record_id: ids.record } }))).toBe(
      'clinicUserOverreached',
    );
    const prescriber = await login(ctx.app, 'prescripteur@demo.lab');
    const theirs = await get<{ data: Json[] }>(prescriber, 'getRecords');
    expect(theirs.data.map((r) => r.record_id)).toEqual([ids.record]);
    const technician = await login(ctx.app, 'technicien@demo.lab');
    expect((await call(ctx.app, technician, 'getRecords')).statusCode).toBe(200);
  });

  it('moves samples forward; validation needs the right and no NCT', async () => {
    const created = (
      await post(secretary, 'addPatient', {
        patient_id: ids.patient,
        record_selected_analyses: selection(ids.nfs),
      })
    ).json<{
      record_id: string;
      samples: Array<{ sample_id: string }>;
    }>();
    const sampleId = created.samples[0]?.sample_id ?? '';
    const technician = await login(ctx.app, 'technicien@demo.lab');
    await put(secretary, 'receiveRecord', { record_id: created.record_id });
    const prepared = await put(technician, 'updateSampleStatus', {
      sample_id: sampleId,
      sample_status: 1,
    });
    expect(prepared.json()).toMatchObject({ sample_status: 1 });
    expect((await record(created.record_id)).record_status).toBe(2);
    expect(
      codeOf(await put(technician, 'updateSampleStatus', { sample_id: sampleId, sample_status: 0 })),
    ).toBe('cannotDowngradeStatus');
    // 'Validated' is validation's alone, whoever asks.
    expect(
      codeOf(await put(technician, 'updateSampleStatus', { sample_id: sampleId, sample_status: 4 })),
    ).toBe('invalidStatusTransition');
    await ctx.database.db
      .execute(sql`UPDATE samples SET sample_nct_active = true WHERE sample_id = ${sampleId}`)
      .catch(() => undefined);
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(sql`UPDATE samples SET sample_nct_active = true WHERE sample_id = ${sampleId}`),
    );
    const biologist = await login(ctx.app, 'biologiste@demo.lab');
    expect(
      codeOf(
        await put(biologist, 'updateSampleStatus', {
          sample_id: sampleId,
          sample_status: 4,
          force_save: true,
        }),
      ),
    ).toBe('invalidStatusTransition');
    const withNct = await get<{ number_of_rows: number }>(secretary, 'getRecords', {
      filter_column: ['records_with_ncts'],
      filter_value: ['true'],
    });
    expect(withNct.number_of_rows).toBe(1);
  });

  it('merges duplicate patients into the one kept, with their records and notes', async () => {
    const twin = (
      await post(secretary, 'addPatient', {
        ...NEW_PATIENT,
        patient_surname: 'DURAND',
        patient_name: 'élodie',
        patient_nir: null,
        patient_internal_notes: 'Allergie au latex',
        record_selected_analyses: selection(ids.nfs),
      })
    ).json<Json>();
    const third = (
      await post(secretary, 'addPatient', {
        ...NEW_PATIENT,
        patient_nir: null,
        record_selected_analyses: selection(ids.nfs),
      })
    ).json<Json>();
    const groups = await get<Array<{ patients: Json[] }>>(admin, 'getDuplicates');
    expect(groups).toHaveLength(1);
    expect(groups[0]?.patients.map((p) => p.patient_id).sort()).toEqual(
      [ids.patient, twin.patient_id, third.patient_id].sort(),
    );
    const circular = await put(admin, 'resolveDuplicates', {
      deletions: [
        { patient_id: twin.patient_id, replacement_patient_id: third.patient_id },
        { patient_id: third.patient_id, replacement_patient_id: ids.patient },
      ],
    });
    expect(codeOf(circular)).toBe('invalidListOfPatientsToDelete');
    expect(
      codeOf(
        await put(secretary, 'resolveDuplicates', {
          deletions: [{ patient_id: twin.patient_id, replacement_patient_id: ids.patient }],
        }),
      ),
    ).toBe('insufficientAdminRights');
    const merged = await put(admin, 'resolveDuplicates', {
      deletions: [
        { patient_id: twin.patient_id, replacement_patient_id: ids.patient },
        { patient_id: third.patient_id, replacement_patient_id: ids.patient },
      ],
    });
    expect(merged.json()).toEqual({ deleted: 2, records_moved: 2 });
    const history = await get<{ patient: Json; records: Json[] }>(admin, 'getPatientHistory', {
      patient_id: ids.patient,
    });
    expect(history.records.map((r) => r.record_id)).toEqual(
      expect.arrayContaining([twin.record_id, third.record_id]),
    );
    expect(history.patient.patient_internal_notes).toContain('Allergie au latex');
    expect(await get(admin, 'getDuplicates')).toEqual([]);
  });

  it('exports records with their patient, and samples, as CSV and XLSX', async () => {
    const csv = await call(ctx.app, secretary, 'exportRecords', { query: { format: 'csv' } });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain(
      'record_id;record_number;record_status;record_created;patient_surname;patient_name;patient_dob',
    );
    expect(lines.some((line) => line.includes(`;${ids.number};`) && line.includes('Durand-Moreau'))).toBe(
      true,
    );
    expect(lines.every((line) => !line.includes('record_password'))).toBe(true);
    const one = await call(ctx.app, secretary, 'exportRecords', {
      query: { format: 'csv', ids: [ids.record] },
    });
    expect(one.body.trim().split('\n')).toHaveLength(2);
    const xlsx = await call(ctx.app, admin, 'exportSamples', { query: { format: 'xlsx' } });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const clinic = await login(ctx.app, 'clinique@demo.lab');
    expect(codeOf(await call(ctx.app, clinic, 'exportRecords'))).toBe('insufficientRights');
  });

  it('looks up the national health identity through the INSi simulator', async () => {
    const lookup = (query: string) =>
      get<Json>(secretary, 'getInsFromIdentityInformation', Object.fromEntries(new URLSearchParams(query)));
    const found = await lookup(
      'last_name=Pat-Trois&first_name=Dominique&sex=F&birthday=1979-03-21&birth_place=51215',
    );
    expect(found).toMatchObject({
      i_insIdentityResult: 2,
      Identity: { Ins: { s_value: '2790351215189', s_key: '89', s_oid: '1.2.250.1.213.1.4.10' } },
    });
    expect(await lookup('last_name=GARCIA&first_name=Lucia&sex=F&birthday=1990-01-01')).toMatchObject({
      Identity: { Ins: { s_oid: '1.2.250.1.213.1.4.9' } },
    });
    expect(
      (await lookup('last_name=Doublon&first_name=Alex&sex=M&birthday=2000-02-02')).i_insIdentityResult,
    ).toBe(3);
    expect(await lookup('last_name=Inconnu&first_name=Personne&sex=M&birthday=2000-02-02')).toEqual({
      i_insIdentityResult: 1,
      Identity: null,
    });
  });
});
