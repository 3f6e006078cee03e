import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './client.js';
import {
  codeOf,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

describe.each(DATABASES)('parameters and analyses on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  /** The rows the tests make in turn, each test reading those of the ones before. */
  const ids = { matrix: '', family: '', machine: '', parameter: '', analysis: '' };
  const api = () => apiClient(ctx.app, admin);
  /** Sends a call raw as the administrator: the tests read its refusals. */
  const send = (name: string, body: Json) => api().send(name, { body });

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    ids.matrix = String((await api().reference('matrices').add({ matrix_name: 'Sang' })).matrix_id);
    ids.family = String(
      (await api().reference('families').add({ family_name: 'Biochimie', family_rank: 1 })).family_id,
    );
    ids.machine = String(
      (await api().reference('machines').add({ machine_name: 'Cobas', machine_code: 'COB' })).machine_id,
    );
    const nabms = api().reference('nabms');
    await nabms.add({
      nabm_code: '0552',
      nabm_wording: 'Glucose',
      nabm_coef_b: 5,
      nabm_incompatible_codes: ['0412'],
    });
    await nabms.add({ nabm_code: '0412', nabm_wording: 'Cycle glycémique', nabm_coef_b: 20 });
    await nabms.add({ nabm_code: '1104', nabm_wording: 'Hémogramme', nabm_coef_b: 26 });
  });
  afterAll(() => stopTestApp(ctx));

  it('creates a parameter with formulas, ranges per population and zones', async () => {
    const parameter = await api()
      .reference('parameters')
      .add({
        parameter_name: 'Glucose',
        parameter_code: 'GLU',
        parameter_machine: ids.machine,
        parameter_family: ids.family,
        parameter_matrix: ids.matrix,
        parameter_unit: 'g/L',
        parameter_decimals: 2,
        parameter_has_formula: true,
        parameter_formula: 'x * 5.55',
        parameter_formula_male: 'round(x * 5.55, 1)',
        parameter_unit_after_calc: 'mmol/L',
        parameter_ranges: [
          { matrix_id: ids.matrix, population: 'default', min: 0.7, max: 1.1 },
          { population: 'pregnant', min: 0.6, max: 0.95, comment: 'À jeun' },
        ],
        parameter_zones: { toxic: { min: 2, max: 5 } },
      });
    ids.parameter = String(parameter.parameter_id);
    expect(parameter).toMatchObject({
      parameter_formula: 'x * 5.55',
      parameter_hidden: false,
      parameter_ranges: [
        { matrix_id: ids.matrix, population: 'default', min: 0.7, max: 1.1, comment: null, delta: null },
        { matrix_id: null, population: 'pregnant', min: 0.6, max: 0.95, comment: 'À jeun' },
      ],
      parameter_zones: { toxic: { min: 2, max: 5 } },
    });
  });

  it('refuses a formula outside the allowed arithmetic, naming the field', async () => {
    for (const formula of [
      'import({}, {override: true})',
      'x.constructor',
      'f(x) = x',
      'y * 2',
      'evaluate("1")',
    ]) {
      const response = await send('addParameter', {
        parameter_name: `P ${formula}`,
        parameter_formula: formula,
      });
      expect(codeOf(response), formula).toBe('incorrectType');
      expect(response.json().details.issues[0]).toMatchObject({
        path: 'parameter_formula',
        message: expect.stringMatching(/^formula\./),
      });
    }
  });

  it('refuses inverted bounds on create and on update of one field', async () => {
    const ranges = await send('addParameter', {
      parameter_name: 'Sodium',
      parameter_ranges: [{ population: 'adultMale', min: 145, max: 135 }],
      parameter_lower_detection_limit: 10,
      parameter_upper_detection_limit: 1,
    });
    expect([codeOf(ranges), ranges.json().details]).toEqual([
      'invalidBounds',
      { fields: ['parameter_lower_detection_limit', 'parameter_ranges.0'] },
    ]);
    const [glucose] = await api().reference('parameters').get(ids.parameter);
    const update = await send('updateParameter', {
      parameter_id: ids.parameter,
      parameter_last_updated: glucose?.parameter_last_updated,
      parameter_zones: { deadly: { min: 9, max: 3 } },
    });
    expect([codeOf(update), update.json().details]).toEqual([
      'invalidBounds',
      { fields: ['parameter_zones.deadly'] },
    ]);
    const unknownMachine = await send('addParameter', {
      parameter_name: 'Potassium',
      parameter_machine: '00000000-0000-4000-8000-000000000000',
    });
    expect(codeOf(unknownMachine)).toBe('machineNotFound');
  });

  it('creates an analysis with NABM codes, machines, parameters and forensic remarks', async () => {
    const analysis = await api()
      .reference('analyses')
      .add({
        analysis_name: 'Glycémie à jeun',
        analysis_matrix: ids.matrix,
        analysis_family: ids.family,
        analysis_nabm_codes: ['0552'],
        analysis_machines: [ids.machine],
        analysis_parameters: [ids.parameter],
        analysis_custom_cost_cents: 450,
        analysis_requires_sampling_time: true,
        analysis_is_forensic: true,
        analysis_forensic_remarks: [
          { range: '0.7 - 1.1', remark: 'Valeur usuelle' },
          { range: '> 2', remark: 'Hyperglycémie marquée' },
        ],
        analysis_ciq_enabled: true,
        analysis_ciq_default_frequency: 'daily',
      });
    ids.analysis = String(analysis.analysis_id);
    expect(analysis).toMatchObject({
      analysis_nabm_codes: ['0552'],
      analysis_visible: true,
      analysis_custom_cost_cents: 450,
    });

    const badRemark = await send('addAnalysis', {
      analysis_name: 'X',
      analysis_forensic_remarks: [{ range: 'entre 8 et 20', remark: 'r' }],
    });
    expect(badRemark.json().details.issues[0].path).toBe('analysis_forensic_remarks.0.range');
    expect(codeOf(await send('addAnalysis', { analysis_name: 'Y', analysis_nabm_codes: ['9999'] }))).toBe(
      'nabmNotFound',
    );
    expect(
      codeOf(
        await send('addAnalysis', {
          analysis_name: 'Z',
          analysis_parameters: ['00000000-0000-4000-8000-000000000000'],
        }),
      ),
    ).toBe('parameterNotFound');
  });

  it('refuses NABM codes of one analysis that are incompatible with each other', async () => {
    const response = await send('addAnalysis', {
      analysis_name: 'Bilan glucidique',
      analysis_nabm_codes: ['0552', '0412', '1104'],
    });
    expect([response.statusCode, response.json()]).toEqual([
      409,
      { code: 'nabmConflict', details: { conflicts: ['0412/0552'] } },
    ]);
  });

  it('refuses to make an analysis orderable without a parameter, and keeps an internal one', async () => {
    const refusal = { code: 'analysisWithoutParameter', details: { field: 'analysis_parameters' } };
    const bare = await send('addAnalysis', { analysis_name: 'Sans paramètre', analysis_visible: true });
    expect([bare.statusCode, bare.json()]).toEqual([400, refusal]);
    // An add that does not say whether it is orderable is so only with a parameter: without one it
    // is internal, whether it names an empty list or nothing (the column's default is orderable).
    const emptied = await api()
      .reference('analyses')
      .add({ analysis_name: 'Liste vide', analysis_parameters: [] });
    const unsaid = await api().reference('analyses').add({ analysis_name: 'Ni liste ni visibilité' });
    const measured = await api()
      .reference('analyses')
      .add({ analysis_name: 'Avec paramètre', analysis_parameters: [ids.parameter] });
    expect([emptied, unsaid, measured].map((row) => row.analysis_visible)).toEqual([false, false, true]);
    expect(
      await api()
        .reference('analyses')
        .delete([emptied, unsaid, measured].map((row) => String(row.analysis_id))),
    ).toEqual({ deleted: 3 });
    // Internal (not orderable), it may wait for its parameters; made orderable, it needs one.
    const internal = await api()
      .reference('analyses')
      .add({ analysis_name: 'Analyse en préparation', analysis_visible: false });
    const shown = await send('updateAnalysis', {
      analysis_id: internal.analysis_id,
      analysis_last_updated: internal.analysis_last_updated,
      analysis_visible: true,
    });
    expect([shown.statusCode, shown.json()]).toEqual([400, refusal]);
    const ready = await api()
      .reference('analyses')
      .update({
        analysis_id: String(internal.analysis_id),
        analysis_last_updated: String(internal.analysis_last_updated),
        analysis_visible: true,
        analysis_parameters: [ids.parameter],
      });
    expect(ready).toMatchObject({ analysis_visible: true, analysis_parameters: [ids.parameter] });
    // Its last parameter taken away while it is orderable: refused too.
    const stripped = await send('updateAnalysis', {
      analysis_id: ready.analysis_id,
      analysis_last_updated: ready.analysis_last_updated,
      analysis_parameters: [],
    });
    expect([stripped.statusCode, stripped.json()]).toEqual([400, refusal]);
    expect(
      await api()
        .reference('analyses')
        .delete([String(ready.analysis_id)]),
    ).toEqual({ deleted: 1 });
  });

  it('filters analyses on their flags and matrix, and sorts by name', async () => {
    await api().reference('analyses').add({ analysis_name: 'Analyse interne', analysis_visible: false });
    const analyses = api().reference('analyses');
    const hidden = await analyses.list({
      'filter_column[]': ['analysis_visible'],
      'filter_value[]': ['false'],
    });
    expect(hidden.data.map((a) => a.analysis_name)).toEqual(['Analyse interne']);
    const byMatrix = await analyses.list({
      'filter_column[]': ['analysis_matrix', 'analysis_is_forensic'],
      'filter_value[]': [ids.matrix, 'true'],
    });
    expect(byMatrix.data.map((a) => a.analysis_name)).toEqual(['Glycémie à jeun']);
    const byNabm = await analyses.list({ search: '0552' });
    expect(byNabm.data.map((a) => a.analysis_name)).toEqual(['Glycémie à jeun']);
  });

  it('keeps what an analysis uses from being deleted', async () => {
    for (const [name, id, label] of [
      ['deleteParameters', ids.parameter, 'analyses'],
      ['deleteMachines', ids.machine, 'parameters'],
      ['deleteMatrices', ids.matrix, 'parameters'],
      ['deleteNabms', '0552', 'analyses'],
    ] as const) {
      const response = await send(name, { ids: [id] });
      expect([codeOf(response), response.json().details], name).toEqual([
        'cannotDelete',
        { referenced_by: label },
      ]);
    }
    expect(await api().reference('analyses').delete([ids.analysis])).toEqual({ deleted: 1 });
    expect(await api().reference('nabms').delete(['0552'])).toEqual({ deleted: 1 });
  });
});
