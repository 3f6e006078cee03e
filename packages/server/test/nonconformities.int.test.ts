import { RECORD_STATUS } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addGlucosePanel,
  type PendingRecord,
  signInStaff,
  pendingRecord as takenThroughBench,
} from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
type Pending = PendingRecord;
interface TraceEntry {
  table_name: string;
  modification_type: string;
  modification_field: string | null;
  modification_old_value: string | null;
  modification_new_value: string | null;
  nca: string | null;
  row_id: string;
  names: Record<string, string>;
}
interface Nonconformities {
  anes: Array<Json & { ane_code: string; analysis_name: string | null }>;
  ncas: Array<Json & { nca_id: string; nca_resolved: boolean }>;
}

/**
 * Non-conformities (issue 13): ANEs and NCAs of a record, the NCT and LBloc of a sample, the LBloc
 * of a record; the record flags they set and clear, the validation they hold back, the list's
 * pseudo-filters and the trace they leave, old and new values.
 */
describe.each(DATABASES)('non-conformities on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let biologist: Session;
  let technician: Session;
  let secretary: Session;
  let ids: { panel: string; count: string; glucose: string };

  const send = (session: Session, method: 'PUT' | 'POST', url: string, payload: Json) =>
    call(ctx.app, session, { method, url, payload });
  const get = (session: Session, url: string) => call(ctx.app, session, { method: 'GET', url });
  const sampleOf = async (sampleId: string) =>
    (await get(admin, `/api/get-sample?sample_id=${sampleId}`)).json<Json[]>()[0] ?? {};
  const recordOf = async (recordId: string) =>
    (await get(admin, `/api/get-record?record_id=${recordId}`)).json<Json[]>()[0] ?? {};
  const nonconformities = async (recordId: string) =>
    (await get(secretary, `/api/get-record-nonconformities?record_id=${recordId}`)).json<Nonconformities>();
  const trace = async (recordId: string) =>
    (await get(admin, `/api/get-record-trace?record_id=${recordId}`)).json<TraceEntry[]>();
  const recordIdsMatching = async (filter: string) =>
    (await get(admin, `/api/get-records?filter_column[]=${filter}&filter_value[]=true&per_page=500`))
      .json<{ data: Array<{ record_id: string }> }>()
      .data.map((row) => row.record_id);
  const validate = (recordId: string, sampleIds: string[]) =>
    send(biologist, 'PUT', '/api/validate-record', { record_id: recordId, sample_ids: sampleIds });

  const openNct = async (sampleId: string, code = 'nct2', description = 'Tube à moitié rempli') =>
    send(technician, 'PUT', '/api/open-nct', {
      sample_id: sampleId,
      sample_last_updated: (await sampleOf(sampleId)).sample_last_updated,
      sample_nct_code: code,
      sample_nct_description: description,
    });
  const closeNct = async (sampleId: string, solution = 'Prélèvement refait') =>
    send(technician, 'PUT', '/api/close-nct', {
      sample_id: sampleId,
      sample_last_updated: (await sampleOf(sampleId)).sample_last_updated,
      sample_nct_solution: solution,
    });

  /** A record of two samples through the bench up to 'removed': it waits for validation. */
  const pendingRecord = (): Promise<Pending> =>
    takenThroughBench(ctx.app, { admin, secretary, technician }, ids, {
      patient_surname: 'Conforme',
      patient_name: 'Nina',
      patient_gender: 'F',
      patient_dob: '1982-06-02',
    });

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    ids = await addGlucosePanel(ctx.app, admin);
  });
  afterAll(() => stopTestApp(ctx));

  it('opens an NCT that holds validation back, closes it with its solution, then validates', async () => {
    const pending = await pendingRecord();
    const opened = await openNct(pending.panel);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await sampleOf(pending.panel)).toMatchObject({
      sample_nct_active: true,
      sample_nct_code: 'nct2',
      sample_nct_description: 'Tube à moitié rempli',
      sample_nct_solution: null,
    });
    expect(await recordIdsMatching('records_with_ncts')).toContain(pending.recordId);

    const refused = await validate(pending.recordId, [pending.panel, pending.count]);
    expect([codeOf(refused), refused.json().details.sample_id]).toEqual(['mustCloseNct', pending.panel]);

    expect((await closeNct(pending.panel)).statusCode).toBe(200);
    expect(await sampleOf(pending.panel)).toMatchObject({
      sample_nct_active: false,
      sample_nct_code: 'nct2',
      sample_nct_solution: 'Prélèvement refait',
    });
    expect(await recordIdsMatching('records_with_ncts')).not.toContain(pending.recordId);
    expect(codeOf(await closeNct(pending.panel))).toBe('nctNotActive');

    const validated = await validate(pending.recordId, [pending.panel, pending.count]);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().record.record_status).toBe(RECORD_STATUS.pendingSubmission);

    // The trace keeps the NCT's opening and closing, with the value before and after.
    const entries = await trace(pending.recordId);
    const activeChanges = entries.filter(
      (entry) => entry.table_name === 'samples' && entry.modification_field === 'sample_nct_active',
    );
    expect(
      activeChanges.map((entry) => [entry.modification_old_value, entry.modification_new_value]),
    ).toEqual([
      ['false', 'true'],
      ['true', 'false'],
    ]);
    expect(entries).toContainEqual(
      expect.objectContaining({
        modification_field: 'sample_nct_solution',
        modification_old_value: null,
        modification_new_value: 'Prélèvement refait',
      }),
    );
  });

  it('refuses an NCT without the samples right, with a stale stamp, an unknown code, or "other" undescribed', async () => {
    const pending = await pendingRecord();
    const stamp = (await sampleOf(pending.panel)).sample_last_updated;
    const bySecretary = await send(secretary, 'PUT', '/api/open-nct', {
      sample_id: pending.panel,
      sample_last_updated: stamp,
      sample_nct_code: 'nct1',
    });
    expect([bySecretary.statusCode, codeOf(bySecretary)]).toEqual([403, 'noAdminRights']);
    const unknown = await send(technician, 'PUT', '/api/open-nct', {
      sample_id: pending.panel,
      sample_last_updated: stamp,
      sample_nct_code: 'nct42',
    });
    expect(unknown.statusCode).toBe(400);
    const undescribed = await send(technician, 'PUT', '/api/open-nct', {
      sample_id: pending.panel,
      sample_last_updated: stamp,
      sample_nct_code: 'other',
      sample_nct_description: '  ',
    });
    expect(undescribed.statusCode).toBe(400);
    expect((await openNct(pending.panel)).statusCode).toBe(200);
    const stale = await send(technician, 'PUT', '/api/open-nct', {
      sample_id: pending.panel,
      sample_last_updated: stamp,
      sample_nct_code: 'nct3',
    });
    expect(codeOf(stale)).toBe('staleUpdate');
  });

  it('locks a sample and a record (LBloc) against validation, and lifts the locks', async () => {
    const pending = await pendingRecord();
    const lockSample = async (flag: boolean) =>
      send(technician, 'PUT', '/api/update-sample-lbloc', {
        sample_id: pending.count,
        sample_last_updated: (await sampleOf(pending.count)).sample_last_updated,
        sample_lbloc_flag: flag,
        sample_lbloc_description: flag ? 'Hémolyse à contrôler' : null,
      });
    const lockRecord = async (flag: boolean) =>
      send(secretary, 'PUT', '/api/update-record-lbloc', {
        record_id: pending.recordId,
        record_last_updated: (await recordOf(pending.recordId)).record_last_updated,
        record_lbloc_flag: flag,
        record_lbloc_description: flag ? 'Identité à vérifier' : null,
      });
    const missingWhy = await send(technician, 'PUT', '/api/update-sample-lbloc', {
      sample_id: pending.count,
      sample_last_updated: (await sampleOf(pending.count)).sample_last_updated,
      sample_lbloc_flag: true,
    });
    expect(missingWhy.statusCode).toBe(400);

    expect((await lockSample(true)).json()).toMatchObject({
      sample_lbloc_flag: true,
      sample_lbloc_description: 'Hémolyse à contrôler',
    });
    expect(codeOf(await validate(pending.recordId, [pending.count]))).toBe('sampleIsLocked');
    expect((await lockSample(false)).json()).toMatchObject({
      sample_lbloc_flag: false,
      sample_lbloc_description: 'Hémolyse à contrôler',
    });

    const locked = await lockRecord(true);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({
      record_lbloc_flag: true,
      record_lbloc_description: 'Identité à vérifier',
    });
    expect(codeOf(await validate(pending.recordId, [pending.panel]))).toBe('activeLBloc');
    expect((await lockRecord(false)).json().record_lbloc_flag).toBe(false);
    expect((await validate(pending.recordId, [pending.panel, pending.count])).statusCode).toBe(200);

    const entries = await trace(pending.recordId);
    expect(
      entries
        .filter((entry) => entry.modification_field === 'record_lbloc_flag')
        .map((entry) => [entry.modification_old_value, entry.modification_new_value]),
    ).toEqual([
      ['false', 'true'],
      ['true', 'false'],
    ]);
  });

  it('records an ANE per analysis ordered, replaces it on the same analysis, and finds records with ANEs', async () => {
    const pending = await pendingRecord();
    const other = await pendingRecord();
    const notOrdered = await send(secretary, 'POST', '/api/add-ane', {
      record_id: pending.recordId,
      analysis_id: '00000000-0000-4000-8000-000000000000',
      ane_code: 'ane4',
    });
    expect(codeOf(notOrdered)).toBe('analysisNotInRecord');
    const undescribed = await send(secretary, 'POST', '/api/add-ane', {
      record_id: pending.recordId,
      analysis_id: ids.count,
      ane_code: 'other',
    });
    expect(undescribed.statusCode).toBe(400);

    const added = await send(secretary, 'POST', '/api/add-ane', {
      record_id: pending.recordId,
      analysis_id: ids.count,
      ane_code: 'ane4',
      ane_description: 'Tube EDTA absent',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Nonconformities>().anes).toEqual([
      expect.objectContaining({
        ane_code: 'ane4',
        ane_description: 'Tube EDTA absent',
        ane_analysis: ids.count,
      }),
    ]);
    const replaced = await send(secretary, 'POST', '/api/add-ane', {
      record_id: pending.recordId,
      analysis_id: ids.count,
      ane_code: 'ane1',
    });
    expect(replaced.json<Nonconformities>().anes.map((ane) => ane.ane_code)).toEqual(['ane1']);

    const withAnes = await recordIdsMatching('records_with_anes');
    expect(withAnes).toContain(pending.recordId);
    expect(withAnes).not.toContain(other.recordId);

    const entries = (await trace(pending.recordId)).filter((entry) => entry.table_name === 'record_anes');
    expect(entries.map((entry) => entry.modification_type)).toContain('insert');
    expect(entries).toContainEqual(
      expect.objectContaining({
        modification_field: 'ane_code',
        modification_old_value: 'ane4',
        modification_new_value: 'ane1',
      }),
    );
  });

  it('raises NCAs that flag the record until the last one is resolved', async () => {
    const pending = await pendingRecord();
    const raise = (code: string) =>
      send(secretary, 'POST', '/api/add-nca', {
        record_id: pending.recordId,
        nca_code: code,
        nca_description: 'Prescription illisible',
      });
    expect((await raise('nca7')).statusCode).toBe(200);
    const second = await raise('nca1');
    const [first, other] = second.json<Nonconformities>().ncas;
    expect((await recordOf(pending.recordId)).record_unresolved_nca).toBe(true);

    const resolve = (ncaId: string) =>
      send(biologist, 'PUT', '/api/resolve-nca', { nca_id: ncaId, nca_solution: 'Prescripteur rappelé' });
    const once = await resolve(String(first?.nca_id));
    expect(once.json<Nonconformities>().ncas[0]).toMatchObject({
      nca_resolved: true,
      nca_solution: 'Prescripteur rappelé',
      nca_resolved_by: biologist.uid,
    });
    expect((await recordOf(pending.recordId)).record_unresolved_nca).toBe(true);
    expect(codeOf(await resolve(String(first?.nca_id)))).toBe('ncaAlreadyResolved');
    await resolve(String(other?.nca_id));
    expect((await recordOf(pending.recordId)).record_unresolved_nca).toBe(false);
    expect(codeOf(await resolve('00000000-0000-4000-8000-000000000000'))).toBe('ncaNotFound');
    const emptySolution = await send(biologist, 'PUT', '/api/resolve-nca', {
      nca_id: other?.nca_id,
      nca_solution: ' ',
    });
    expect(emptySolution.statusCode).toBe(400);

    // The trace keeps the NCA's code on its entries, and the flag's rise and fall on the record.
    const entries = await trace(pending.recordId);
    expect(entries).toContainEqual(
      expect.objectContaining({ table_name: 'record_ncas', modification_type: 'insert', nca: 'nca7' }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        table_name: 'record_ncas',
        modification_field: 'nca_resolved',
        modification_old_value: 'false',
        modification_new_value: 'true',
      }),
    );
    // The trace names an NCA by its code.
    const resolvedEntry = entries.find((entry) => entry.modification_field === 'nca_resolved');
    expect(resolvedEntry?.names[resolvedEntry.row_id]).toBe('nca7');
    expect(
      entries
        .filter((entry) => entry.modification_field === 'record_unresolved_nca')
        .map((entry) => entry.modification_new_value),
    ).toEqual(['true', 'false']);
  });

  it('sets and clears DEROG, UH and Delai on the record, and finds the records validated today', async () => {
    const pending = await pendingRecord();
    const other = await pendingRecord();
    const updated = await send(secretary, 'PUT', '/api/update-patient', {
      record_id: pending.recordId,
      record_last_updated: (await recordOf(pending.recordId)).record_last_updated,
      record_derog_flag: true,
      record_derog_description: 'Accord du biologiste',
      record_uh_flag: true,
      record_uh_expected_time: '2026-11-24T10:00:00.000Z',
      record_delai_flag: true,
      record_delai_cause: 'Automate en panne',
      record_delai_expected_time: '2026-11-24T12:00:00.000Z',
      record_delai_actual_time: '2026-11-24T18:00:00.000Z',
      record_delai_impact: 'Aucun',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await recordOf(pending.recordId)).toMatchObject({
      record_derog_flag: true,
      record_uh_flag: true,
      record_delai_flag: true,
      record_delai_cause: 'Automate en panne',
    });
    const cleared = await send(secretary, 'PUT', '/api/update-patient', {
      record_id: pending.recordId,
      record_last_updated: (await recordOf(pending.recordId)).record_last_updated,
      record_derog_flag: false,
    });
    expect(cleared.json().record.record_derog_flag).toBe(false);

    expect(await recordIdsMatching('records_validated_today')).not.toContain(pending.recordId);
    expect((await validate(pending.recordId, [pending.panel, pending.count])).statusCode).toBe(200);
    const today = await recordIdsMatching('records_validated_today');
    expect(today).toContain(pending.recordId);
    expect(today).not.toContain(other.recordId);
  });

  it('answers a record without non-conformities with empty lists, and an unknown record as not found', async () => {
    const pending = await pendingRecord();
    expect(await nonconformities(pending.recordId)).toEqual({ anes: [], ncas: [] });
    const unknown = await get(
      secretary,
      '/api/get-record-nonconformities?record_id=00000000-0000-4000-8000-000000000000',
    );
    expect(codeOf(unknown)).toBe('recordNotFound');
  });
});
