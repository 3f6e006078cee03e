import { RECORD_STATUS } from '@sil/contract';
import type { RouteBody } from '@sil/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './client.js';
import {
  addGlucosePanel,
  type PendingRecord,
  signInStaff,
  staffRecord,
  pendingRecord as takenThroughBench,
} from './factories.js';
import { codeOf, DATABASES, type Session, startTestApp, stopTestApp, type TestContext } from './helpers.js';

type Pending = PendingRecord;

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

  const as = (session: Session) => apiClient(ctx.app, session);
  const sampleOf = async (sampleId: string) => {
    const [sample] = await as(admin).getSample({ sample_id: sampleId });
    if (!sample) throw new Error(`sample ${sampleId} not found`);
    return sample;
  };
  const recordOf = (recordId: string) => staffRecord(ctx.app, admin, recordId);
  const nonconformities = (recordId: string) =>
    as(secretary).getRecordNonconformities({ record_id: recordId });
  const trace = (recordId: string) => as(admin).getRecordTrace({ record_id: recordId });
  const recordIdsMatching = async (filter: string) =>
    (
      await as(admin).getRecords({
        'filter_column[]': [filter],
        'filter_value[]': ['true'],
        number_of_records: 500,
      })
    ).data.map((row) => row.record_id);
  const validate = (recordId: string, sampleIds: string[]) =>
    as(biologist).send('validateRecord', { body: { record_id: recordId, sample_ids: sampleIds } });
  const validated = (recordId: string, sampleIds: string[]) =>
    as(biologist).validateRecord({ record_id: recordId, sample_ids: sampleIds });

  /** Opens an NCT on the sample as it stands: a tube half filled. */
  const openNct = async (sampleId: string) =>
    as(technician).openNct({
      sample_id: sampleId,
      sample_last_updated: (await sampleOf(sampleId)).sample_last_updated,
      sample_nct_code: 'nct2',
      sample_nct_description: 'Tube à moitié rempli',
    });
  /** What closes the sample's NCT as it stands; the test sends it, or reads its refusal. */
  const nctClosing = async (sampleId: string) => ({
    sample_id: sampleId,
    sample_last_updated: (await sampleOf(sampleId)).sample_last_updated,
    sample_nct_solution: 'Prélèvement refait',
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
    await openNct(pending.panel);
    expect(await sampleOf(pending.panel)).toMatchObject({
      sample_nct_active: true,
      sample_nct_code: 'nct2',
      sample_nct_description: 'Tube à moitié rempli',
      sample_nct_solution: null,
    });
    expect(await recordIdsMatching('records_with_ncts')).toContain(pending.recordId);

    const refused = await validate(pending.recordId, [pending.panel, pending.count]);
    expect([codeOf(refused), refused.json().details.sample_id]).toEqual(['mustCloseNct', pending.panel]);

    await as(technician).closeNct(await nctClosing(pending.panel));
    expect(await sampleOf(pending.panel)).toMatchObject({
      sample_nct_active: false,
      sample_nct_code: 'nct2',
      sample_nct_solution: 'Prélèvement refait',
    });
    expect(await recordIdsMatching('records_with_ncts')).not.toContain(pending.recordId);
    const closedTwice = await as(technician).send('closeNct', { body: await nctClosing(pending.panel) });
    expect(codeOf(closedTwice)).toBe('nctNotActive');

    const answer = await validated(pending.recordId, [pending.panel, pending.count]);
    expect(answer.record.record_status).toBe(RECORD_STATUS.pendingSubmission);

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
    const refusedOpening = (session: Session, body: Record<string, unknown>) =>
      as(session).send('openNct', {
        body: { sample_id: pending.panel, sample_last_updated: stamp, ...body },
      });
    const bySecretary = await refusedOpening(secretary, { sample_nct_code: 'nct1' });
    expect([bySecretary.statusCode, codeOf(bySecretary)]).toEqual([403, 'noAdminRights']);
    const unknown = await refusedOpening(technician, { sample_nct_code: 'nct42' });
    expect(unknown.statusCode).toBe(400);
    const undescribed = await refusedOpening(technician, {
      sample_nct_code: 'other',
      sample_nct_description: '  ',
    });
    expect(undescribed.statusCode).toBe(400);
    await openNct(pending.panel);
    const stale = await refusedOpening(technician, { sample_nct_code: 'nct3' });
    expect(codeOf(stale)).toBe('staleUpdate');
  });

  it('locks a sample and a record (LBloc) against validation, and lifts the locks', async () => {
    const pending = await pendingRecord();
    const lockSample = async (flag: boolean) =>
      as(technician).updateSampleLbloc({
        sample_id: pending.count,
        sample_last_updated: (await sampleOf(pending.count)).sample_last_updated,
        sample_lbloc_flag: flag,
        sample_lbloc_description: flag ? 'Hémolyse à contrôler' : null,
      });
    const lockRecord = async (flag: boolean) =>
      as(secretary).updateRecordLbloc({
        record_id: pending.recordId,
        record_last_updated: (await recordOf(pending.recordId)).record_last_updated,
        record_lbloc_flag: flag,
        record_lbloc_description: flag ? 'Identité à vérifier' : null,
      });
    const missingWhy = await as(technician).send('updateSampleLbloc', {
      body: {
        sample_id: pending.count,
        sample_last_updated: (await sampleOf(pending.count)).sample_last_updated,
        sample_lbloc_flag: true,
      },
    });
    expect(missingWhy.statusCode).toBe(400);

    expect(await lockSample(true)).toMatchObject({
      sample_lbloc_flag: true,
      sample_lbloc_description: 'Hémolyse à contrôler',
    });
    expect(codeOf(await validate(pending.recordId, [pending.count]))).toBe('sampleIsLocked');
    expect(await lockSample(false)).toMatchObject({
      sample_lbloc_flag: false,
      sample_lbloc_description: 'Hémolyse à contrôler',
    });

    expect(await lockRecord(true)).toMatchObject({
      record_lbloc_flag: true,
      record_lbloc_description: 'Identité à vérifier',
    });
    expect(codeOf(await validate(pending.recordId, [pending.panel]))).toBe('activeLBloc');
    expect((await lockRecord(false)).record_lbloc_flag).toBe(false);
    await validated(pending.recordId, [pending.panel, pending.count]);

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
    const notOrdered = await as(secretary).send('addAne', {
      body: {
        record_id: pending.recordId,
        analysis_id: '00000000-0000-4000-8000-000000000000',
        ane_code: 'ane4',
      },
    });
    expect(codeOf(notOrdered)).toBe('analysisNotInRecord');
    const undescribed = await as(secretary).send('addAne', {
      body: { record_id: pending.recordId, analysis_id: ids.count, ane_code: 'other' },
    });
    expect(undescribed.statusCode).toBe(400);

    const added = await as(secretary).addAne({
      record_id: pending.recordId,
      analysis_id: ids.count,
      ane_code: 'ane4',
      ane_description: 'Tube EDTA absent',
    });
    expect(added.anes).toEqual([
      expect.objectContaining({
        ane_code: 'ane4',
        ane_description: 'Tube EDTA absent',
        ane_analysis: ids.count,
      }),
    ]);
    const replaced = await as(secretary).addAne({
      record_id: pending.recordId,
      analysis_id: ids.count,
      ane_code: 'ane1',
    });
    expect(replaced.anes.map((ane) => ane.ane_code)).toEqual(['ane1']);

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
    const raise = (code: RouteBody<'addNca'>['nca_code']) =>
      as(secretary).addNca({
        record_id: pending.recordId,
        nca_code: code,
        nca_description: 'Prescription illisible',
      });
    await raise('nca7');
    const second = await raise('nca1');
    const [first, other] = second.ncas;
    expect((await recordOf(pending.recordId)).record_unresolved_nca).toBe(true);

    const resolution = (ncaId: string) => ({ nca_id: ncaId, nca_solution: 'Prescripteur rappelé' });
    const resolve = (ncaId: string) => as(biologist).resolveNca(resolution(ncaId));
    const refusedResolution = (ncaId: string) =>
      as(biologist).send('resolveNca', { body: resolution(ncaId) });
    const once = await resolve(String(first?.nca_id));
    expect(once.ncas[0]).toMatchObject({
      nca_resolved: true,
      nca_solution: 'Prescripteur rappelé',
      nca_resolved_by: biologist.uid,
    });
    expect((await recordOf(pending.recordId)).record_unresolved_nca).toBe(true);
    expect(codeOf(await refusedResolution(String(first?.nca_id)))).toBe('ncaAlreadyResolved');
    await resolve(String(other?.nca_id));
    expect((await recordOf(pending.recordId)).record_unresolved_nca).toBe(false);
    expect(codeOf(await refusedResolution('00000000-0000-4000-8000-000000000000'))).toBe('ncaNotFound');
    const emptySolution = await as(biologist).send('resolveNca', {
      body: { nca_id: other?.nca_id, nca_solution: ' ' },
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
    await as(secretary).updatePatient({
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
    expect(await recordOf(pending.recordId)).toMatchObject({
      record_derog_flag: true,
      record_uh_flag: true,
      record_delai_flag: true,
      record_delai_cause: 'Automate en panne',
    });
    const cleared = await as(secretary).updatePatient({
      record_id: pending.recordId,
      record_last_updated: (await recordOf(pending.recordId)).record_last_updated,
      record_derog_flag: false,
    });
    expect(cleared.record?.record_derog_flag).toBe(false);

    expect(await recordIdsMatching('records_validated_today')).not.toContain(pending.recordId);
    await validated(pending.recordId, [pending.panel, pending.count]);
    const today = await recordIdsMatching('records_validated_today');
    expect(today).toContain(pending.recordId);
    expect(today).not.toContain(other.recordId);
  });

  it('answers a record without non-conformities with empty lists, and an unknown record as not found', async () => {
    const pending = await pendingRecord();
    expect(await nonconformities(pending.recordId)).toEqual({ anes: [], ncas: [] });
    const unknown = await as(secretary).send('getRecordNonconformities', {
      query: { record_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(codeOf(unknown)).toBe('recordNotFound');
  });
});
