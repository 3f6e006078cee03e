import { SAMPLE_STATUS } from '@sil/contract';
import type { RouteAnswer } from '@sil/contract/routes';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { auditTrail } from '../src/db/schema/index.js';
import { apiClient } from './client.js';
import { aPatient, seedCatalogue, signInStaff } from './factories.js';
import {
  codeOf,
  DATABASES,
  multipart,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
type Run = RouteAnswer<'createCiqRecord'>;

/**
 * Internal quality control (issue 14): the targets of a machine's analyses, control runs read
 * with the Westgard rules, the validation of the machine's samples held back by a rejected run
 * until a biologist accepts it or the run is repeated, and the external QC service adapter.
 */
describe.each(DATABASES)('internal quality control on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let biologist: Session;
  let technician: Session;
  let secretary: Session;
  let ids: { machine: string; glucose: string; panel: string; n1: string; n2: string };

  const as = (session: Session) => apiClient(ctx.app, session);
  const newRun = () => as(technician).createCiqRecord({ machine_id: ids.machine });
  const valuesOf = (run: Run, values: Record<string, number>) => ({
    ciq_run_id: run.ciq_run_id,
    values: Object.entries(values).map(([ciq_setting_id, ciq_value]) => ({ ciq_setting_id, ciq_value })),
  });
  const enter = (run: Run, values: Record<string, number>) =>
    as(technician).addCiqValues(valuesOf(run, values));
  const refusedEntry = (run: Run, values: Record<string, number>) =>
    as(technician).send('addCiqValues', { body: valuesOf(run, values) });
  /** A run of both levels: N1 targets 1.00 ± 0.05 g/L, N2 3.00 ± 0.10 g/L. */
  const runWith = async (n1: number, n2: number) => enter(await newRun(), { [ids.n1]: n1, [ids.n2]: n2 });
  const validate = (recordId: string, sampleId: string) =>
    as(biologist).send('validateRecord', { body: { record_id: recordId, sample_ids: [sampleId] } });
  const validated = (recordId: string, sampleId: string) =>
    as(biologist).validateRecord({ record_id: recordId, sample_ids: [sampleId] });
  const machineCiq = () => as(technician).getMachineCiq({ machine_id: ids.machine });

  /** A record whose glucose sample, measured on the machine, waits for validation. */
  const pendingRecord = async () => {
    const created = await as(secretary).addPatient({
      ...aPatient({ patient_surname: 'Controle' }),
      record_selected_analyses: [{ combination: 1, analysis_ids: [ids.panel] }],
    });
    const sampleId = String(created.samples[0]?.sample_id);
    await as(technician).updateSampleResults({
      sample_id: sampleId,
      results: [{ parameter_id: ids.glucose, result_value: 0.95 }],
    });
    await as(secretary).receiveRecord({ record_id: created.record_id });
    await as(technician).updateSampleStatus({ sample_id: sampleId, sample_status: SAMPLE_STATUS.removed });
    return { recordId: created.record_id, sampleId };
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    const reference = as(admin).reference;
    const machine = await reference('machines').add({ machine_name: 'Cobas c311', machine_code: 'C311' });
    const glucose = await reference('parameters').add({
      parameter_name: 'Glucose',
      parameter_unit: 'g/L',
      parameter_decimals: 2,
    });
    const panel = await reference('analyses').add({
      analysis_name: 'Glycémie à jeun',
      analysis_sample_type: catalogue.serum,
      analysis_matrix: catalogue.blood,
      analysis_parameters: [String(glucose.parameter_id)],
      analysis_machines: [String(machine.machine_id)],
      analysis_ciq_enabled: true,
      analysis_ciq_default_frequency: 'daily',
    });
    const setting = (level: string, mean: number, sd: number) =>
      as(admin).saveCiqSetting({
        analysis_id: String(panel.analysis_id),
        parameter_id: String(glucose.parameter_id),
        ciq_level: level,
        ciq_lot: 'LOT-2026-11',
        ciq_mean: mean,
        ciq_sd: sd,
      });
    ids = {
      machine: String(machine.machine_id),
      glucose: String(glucose.parameter_id),
      panel: String(panel.analysis_id),
      n1: (await setting('N1', 1, 0.05)).ciq_setting_id,
      n2: (await setting('N2', 3, 0.1)).ciq_setting_id,
    };
  });
  afterAll(() => stopTestApp(ctx));

  it('keeps one target per parameter, level and lot, with a positive SD', async () => {
    const target = (fields: Json) =>
      as(admin).send('saveCiqSetting', {
        body: { analysis_id: ids.panel, parameter_id: ids.glucose, ciq_lot: 'LOT-2026-11', ...fields },
      });
    const again = await target({ ciq_level: 'N1', ciq_mean: 1.1, ciq_sd: 0.05 });
    expect(codeOf(again)).toBe('ciqSettingExists');
    const noSd = await target({ ciq_level: 'N3', ciq_mean: 1, ciq_sd: 0 });
    expect(noSd.statusCode).toBe(400);
    const machine = await machineCiq();
    expect(machine.settings.map((s) => [s.ciq_level, s.ciq_mean])).toEqual([
      ['N1', 1],
      ['N2', 3],
    ]);
  });

  it('creates a control record with the targets of the machine and passes a run within 2 SD', async () => {
    const run = await newRun();
    expect(run.ciq_run_status).toBe('pending');
    expect(run.settings.map((s) => s.ciq_level)).toEqual(['N1', 'N2']);
    const passed = await enter(run, { [ids.n1]: 1.02, [ids.n2]: 2.95 });
    expect(passed.ciq_run_status).toBe('passed');
    expect(passed.values.map((v) => v.ciq_rules)).toEqual([[], []]);
    expect(passed.values[0]?.ciq_z).toBeCloseTo(0.4);
    expect(codeOf(await refusedEntry(run, { [ids.n1]: 1 }))).toBe('ciqRunClosed');
    expect(codeOf(await refusedEntry(run, { [ids.glucose]: 1 }))).toBe('ciqSettingNotFound');
  });

  it('warns on 1-2s without rejecting the run', async () => {
    const run = await runWith(1.11, 3.0);
    expect(run.ciq_run_status).toBe('passed');
    expect(run.values.find((v) => v.ciq_setting_id === ids.n1)?.ciq_rules).toEqual(['1-2s']);
  });

  it('a 1-3s violation holds back validation until a biologist accepts the run, with the reason', async () => {
    const pending = await pendingRecord();
    // A value on target first, so that the series before holds nothing beyond 2 SD.
    await runWith(1.0, 3.0);
    const rejected = await runWith(1.2, 3.0);
    expect(rejected.ciq_run_status).toBe('rejected');
    expect(rejected.values.find((v) => v.ciq_setting_id === ids.n1)?.ciq_rules).toEqual(['1-3s']);
    expect(codeOf(await refusedEntry(rejected, { [ids.n2]: 3 }))).toBe('ciqRunClosed');

    const chart = await as(technician).getCiqChart({ ciq_setting_id: ids.n1 });
    expect(chart.points.at(-1)).toMatchObject({
      ciq_run_id: rejected.ciq_run_id,
      ciq_rules: ['1-3s'],
      ciq_run_status: 'rejected',
    });

    const refused = await validate(pending.recordId, pending.sampleId);
    expect(codeOf(refused)).toBe('ciqRunRejected');
    expect(refused.json<{ details: Json }>().details).toMatchObject({ ciq_run_id: rejected.ciq_run_id });

    // A run without values yet repeats nothing.
    await newRun();
    expect(codeOf(await validate(pending.recordId, pending.sampleId))).toBe('ciqRunRejected');

    const refusedAcceptance = (session: Session, reason: string) =>
      as(session).send('acceptCiqRun', {
        body: { ciq_run_id: rejected.ciq_run_id, ciq_run_accept_reason: reason },
      });
    const noReason = await refusedAcceptance(biologist, '  ');
    expect(noReason.statusCode).toBe(400);
    const accepted = await as(biologist).acceptCiqRun({
      ciq_run_id: rejected.ciq_run_id,
      ciq_run_accept_reason: 'Flacon de contrôle mal reconstitué, patients vérifiés',
    });
    expect(accepted).toMatchObject({
      ciq_run_status: 'accepted',
      ciq_run_accept_reason: 'Flacon de contrôle mal reconstitué, patients vérifiés',
      ciq_run_accepted_by: biologist.uid,
    });
    // The acceptance is in the audit trail: who, and the reason as the new value.
    const trail = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.row_id, rejected.ciq_run_id),
          eq(auditTrail.modification_field, 'ciq_run_accept_reason'),
        ),
      );
    expect(trail).toMatchObject([
      {
        modification_by: biologist.uid,
        modification_new_value: 'Flacon de contrôle mal reconstitué, patients vérifiés',
      },
    ]);
    const again = await refusedAcceptance(biologist, 'Encore');
    expect(codeOf(again)).toBe('ciqRunNotRejected');
    await validated(pending.recordId, pending.sampleId);
  });

  it('a repeated run that passes lifts the hold; R-4s and 2-2s reject across levels and runs', async () => {
    const pending = await pendingRecord();
    await runWith(1.0, 3.0);
    const range = await runWith(1.13, 2.74);
    expect(range.ciq_run_status).toBe('rejected');
    expect(range.values.map((v) => v.ciq_rules)).toEqual([
      ['1-2s', 'R-4s'],
      ['1-2s', 'R-4s'],
    ]);
    expect(codeOf(await validate(pending.recordId, pending.sampleId))).toBe('ciqRunRejected');
    // The next N1 beyond +2 SD again: two in a row on the same side.
    const twice = await runWith(1.12, 3.0);
    expect(twice.values.find((v) => v.ciq_setting_id === ids.n1)?.ciq_rules).toEqual(['1-2s', '2-2s']);
    expect(twice.ciq_run_status).toBe('rejected');
    expect((await runWith(0.99, 3.01)).ciq_run_status).toBe('passed');
    await validated(pending.recordId, pending.sampleId);
  });

  it('sends a run to the local QC simulator, and says when the configured service cannot be reached', async () => {
    const run = await runWith(1.0, 3.0);
    const sent = await as(technician).sendCiqRun({ ciq_run_id: run.ciq_run_id });
    expect(sent.ciq_run_sent_at).not.toBeNull();
    let unreachable: FastifyInstance | undefined;
    try {
      unreachable = await buildApp({
        config: { ...ctx.config, QC_SERVICE_URL: 'http://127.0.0.1:9/qc' },
        db: ctx.database.db,
        logger: false,
      });
      await unreachable.ready();
      const failed = await apiClient(unreachable, technician).send('sendCiqRun', {
        body: { ciq_run_id: run.ciq_run_id },
      });
      expect(failed.statusCode).toBe(502);
      expect(codeOf(failed)).toBe('qcServiceConnectionFailed');
    } finally {
      await unreachable?.close();
    }
  });

  it('refuses targets, runs and acceptance to those without the right', async () => {
    const run = await newRun();
    const bySecretary = await as(secretary).send('addCiqValues', { body: valuesOf(run, { [ids.n1]: 1 }) });
    expect(codeOf(bySecretary)).toMatch(/Rights$/);
    const byTechnician = await as(technician).send('acceptCiqRun', {
      body: { ciq_run_id: run.ciq_run_id, ciq_run_accept_reason: 'Non' },
    });
    expect(codeOf(byTechnician)).toMatch(/Rights$/);
  });

  it('writes the control rows of an imported file into a control run, read by the Westgard rules', async () => {
    await as(admin).updateImportMappings({
      file_type: 'forwarding',
      mappings: [{ instrument_code: 'GLY', parameter_id: ids.glucose }],
    });
    const upload = (
      name: 'previewResultsImport' | 'importResults',
      text: string,
      fields: Record<string, string>,
    ) =>
      as(technician).send(
        name,
        multipart(
          { file_type: 'forwarding', ...fields },
          { name: 'c311.csv', bytes: Buffer.from(text, 'latin1') },
        ),
      );
    /** A file call answers no parsed type: the test reads its JSON once it answered. */
    const ok = async <T = Json>(pending: ReturnType<typeof upload>) => {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    const machineOnly = { machine_id: ids.machine };
    // N1 by its level, N2 by its level and lot; N9 is no control of the machine nor a sample.
    const file = 'echantillon;code;resultat\r\nN1;GLY;1,00\r\nN2/LOT-2026-11;GLY;3,5\r\nN9;GLY;2\r\n';

    // Without a machine, controls are not recognised: they are unknown samples as before.
    const noMachine = await upload('previewResultsImport', file, {});
    expect(noMachine.json<{ controls: Json[] }>().controls).toEqual([]);

    const previewed = await upload('previewResultsImport', file, machineOnly);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json<{ controls: Array<Json & { ciq_z: number }>; unmatched: Json[] }>();
    expect(preview.controls).toEqual([
      expect.objectContaining({ line: 2, ciq_setting_id: ids.n1, ciq_level: 'N1', ciq_value: 1, ciq_z: 0 }),
      expect.objectContaining({ line: 3, ciq_setting_id: ids.n2, ciq_lot: 'LOT-2026-11', ciq_value: 3.5 }),
    ]);
    expect(preview.controls[1]?.ciq_z).toBeCloseTo(5);
    expect(preview.unmatched).toEqual([expect.objectContaining({ line: 4, reason: 'unknownSample' })]);
    const before = await machineCiq();

    const imported = await ok<{
      controls: number;
      ciq_run_id: string;
      ciq_run_status: string;
      written: number;
    }>(upload('importResults', file, machineOnly));
    expect(imported).toMatchObject({ written: 0, controls: 2, ciq_run_status: 'rejected' });
    const machine = await machineCiq();
    const run = machine.runs.find((r) => r.ciq_run_id === imported.ciq_run_id);
    expect(run?.ciq_run_status).toBe('rejected');
    expect(run?.values.find((v) => v.ciq_setting_id === ids.n2)?.ciq_rules).toEqual(['1-3s']);
    expect(run?.values.find((v) => v.ciq_setting_id === ids.n1)?.ciq_rules).toEqual([]);
    // The rejected run holds back the machine's samples as one entered by hand does.
    const pending = await pendingRecord();
    expect(codeOf(await validate(pending.recordId, pending.sampleId))).toBe('ciqRunRejected');

    // The same file again adds no second run.
    const again = await ok(upload('importResults', file, machineOnly));
    expect(again).toMatchObject({ controls: 0, ciq_run_id: null, already_imported_at: expect.any(String) });
    const after = await machineCiq();
    expect(after.runs.length).toBe(Math.min(before.runs.length + 1, 20));
    expect(after.runs[0]?.ciq_run_id).toBe(imported.ciq_run_id);

    // A control file on target passes its run and lifts the hold.
    const onTarget = 'echantillon;code;resultat\r\nN1;GLY;1,01\r\nN2 LOT-2026-11;GLY;2,98\r\n';
    expect(await ok(upload('importResults', onTarget, machineOnly))).toMatchObject({
      controls: 2,
      ciq_run_status: 'passed',
    });
    await validated(pending.recordId, pending.sampleId);
  });
});
