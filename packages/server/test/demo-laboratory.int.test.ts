import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './client.js';
import { staffRecord } from './factories.js';
import {
  codeOf,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

/** Whole years between two ISO dates, as the reference ranges count them. */
function yearsBetween(birth: string, on: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let years = on.getUTCFullYear() - y;
  if (on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d)) years -= 1;
  return years;
}

describe.each(DATABASES)('the demo laboratory (%s)', (kind) => {
  let ctx: TestContext;
  let biologist: Session;
  let technician: Session;
  const as = (session: Session) => apiClient(ctx.app, session);

  async function recordOf(surname: string) {
    const [row] = (await as(biologist).getRecords({ search: surname })).data;
    if (!row) throw new Error(`no demo record for ${surname}`);
    return staffRecord(ctx.app, biologist, row.record_id);
  }
  async function machineId(name: string): Promise<string> {
    const list = await as(biologist).reference('machines').list({ number_of_records: 100, page_number: 1 });
    const machine = list.data.find((row) => row.machine_name === name);
    if (!machine) throw new Error(`no machine ${name}`);
    return String(machine.machine_id);
  }

  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { demo: 'full' });
    biologist = await login(ctx.app, 'biologiste@demo.lab');
    technician = await login(ctx.app, 'technicien@demo.lab');
  }, 120_000);
  afterAll(() => stopTestApp(ctx));

  it('starts with a catalogue of about thirty analyses, their machines and NABM acts', async () => {
    const analyses = await as(biologist)
      .reference('analyses')
      .list({ number_of_records: 100, page_number: 1 });
    expect(analyses.data.length).toBeGreaterThanOrEqual(28);
    const nfs = analyses.data.find((row) => row.analysis_name === 'NFS (hémogramme)');
    expect(nfs?.analysis_nabm_codes).toEqual(['1104']);
    expect(nfs?.analysis_machines).toEqual([await machineId('Sysmex XN-1000')]);
    const [act] = await as(biologist).reference('nabms').get('1104');
    expect(act?.nabm_coef_b).toBe(26);
  });

  it('has records at every status before validation', async () => {
    const statuses = await Promise.all(
      ['LEROY', 'GARNIER', 'DUBOIS', 'MARTIN'].map(async (name) => (await recordOf(name)).record_status),
    );
    expect(statuses).toEqual([0, 1, 2, 3]);
  });

  it("reads a demo woman's haemoglobin against the adult female range and computes her eGFR", async () => {
    const martin = await recordOf('MARTIN');
    const answers = await Promise.all(
      martin.samples.map((sample) => as(biologist).getSampleResults({ sample_id: sample.sample_id })),
    );
    const lines = answers.flatMap((answer) => answer.lines);
    const result = (name: string) => lines.find((line) => line.parameter_name === name)?.result;
    expect(result('Hémoglobine')).toMatchObject({
      result_value: 11.4,
      result_population: 'adultFemale',
      result_range_min: 12,
      result_range_max: 16,
      result_flags: ['low'],
    });
    // CKD-EPI 2009, woman, creatinine 70 µmol/L (0.79 mg/dL > κ 0.7).
    const age = yearsBetween('1984-05-12', new Date());
    const egfr = 141 * (70 / 88.4 / 0.7) ** -1.209 * 0.993 ** age * 1.018;
    expect(result('DFG estimé (CKD-EPI 2009)')?.result_calculated).toBe(Math.round(egfr));
    expect(result('Glucose')?.result_calculated).toBeCloseTo(0.94 * 5.551, 2);
    // LDL is calculated from her lipid profile, never typed: 5.48 − 1.50 − 1.20 / 2.2 mmol/L.
    expect(result('Cholestérol LDL (Friedewald)')).toMatchObject({
      result_calculated: 3.43,
      result_flags: [],
    });
    expect(result('Cholestérol non-HDL')).toMatchObject({ result_calculated: 3.98 });
  });

  it('lists the samples waiting for a machine, by analysis, urgent records first', async () => {
    const list = await as(technician).getWorklist({ machine_id: await machineId('Sysmex XN-1000') });
    expect(list.machine_name).toBe('Sysmex XN-1000');
    const nfs = list.groups.find((group) => group.analysis_name === 'NFS (hémogramme)');
    // MARTIN's samples are removed and LEROY's record is not received: neither waits.
    expect(nfs?.samples.map((s) => s.patient_initials)).toEqual(['DJ', 'PL']);
    expect(nfs?.samples.every((s) => s.record_is_urgent)).toBe(true);
    expect(nfs?.samples[0]?.patient_birth_year).toBe(1958);
    const toxicology = await as(technician).getWorklist({
      machine_id: await machineId('LC-MS/MS (Xevo TQ-S)'),
    });
    expect(toxicology.groups.map((group) => group.analysis_name)).toEqual([
      'Cannabinoïdes (THC, THC-COOH)',
      'Cocaïne et benzoylecgonine',
    ]);
    const unknown = await as(technician).send('getWorklist', {
      query: { machine_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(codeOf(unknown)).toBe('machineNotFound');
  });

  it('adds a second tube to a record, numbered after the last, kept when the analyses change', async () => {
    const leroy = await recordOf('LEROY');
    const tsh = leroy.record_analyses.find((a) => a.analysis_name === 'TSH')?.analysis_id as string;
    const hba1c = leroy.record_analyses.find((a) => a.analysis_name.includes('HbA1c'))?.analysis_id as string;
    const dryTube = leroy.samples.find((s) => s.sample_analyses.includes(tsh));
    if (!dryTube?.sample_type || !dryTube.sample_matrix) throw new Error('no dry tube');
    const body = {
      record_id: leroy.record_id,
      record_last_updated: leroy.record_last_updated,
      sample_type: dryTube.sample_type,
      sample_matrix: dryTube.sample_matrix,
      sample_analyses: [tsh],
      sample_linked_sample: dryTube.sample_id,
    };

    const unordered = await as(biologist).send('addSample', {
      body: { ...body, sample_analyses: [(await recordOf('MARTIN')).record_analyses[0]?.analysis_id] },
    });
    expect(codeOf(unordered)).toBe('analysisNotInRecord');

    const sample = await as(biologist).addSample(body);
    expect(sample.sample_number).toBe(`${leroy.record_number}-0${leroy.samples.length + 1}`);
    expect(sample.sample_additional).toBe(true);
    expect(codeOf(await as(biologist).send('addSample', { body }))).toBe('staleUpdate');

    // Dropping HbA1c re-plans the record's samples: the EDTA tube goes, the added tube stays.
    const before = await recordOf('LEROY');
    await as(biologist).updatePatient({
      record_id: before.record_id,
      record_last_updated: before.record_last_updated,
      record_selected_analyses: [
        {
          combination: 1,
          analysis_ids: before.record_analyses.map((a) => a.analysis_id).filter((id) => id !== hba1c),
        },
      ],
    });
    const after = await recordOf('LEROY');
    expect(after.samples.find((s) => s.sample_id === sample.sample_id)).toMatchObject({
      sample_analyses: [tsh],
      sample_additional: true,
    });
    expect(after.samples.some((s) => s.sample_analyses.includes(hba1c))).toBe(false);
    expect(after.samples).toHaveLength(leroy.samples.length);
  });

  it('refuses an added sample on a cancelled record', async () => {
    const garnier = await recordOf('GARNIER');
    await as(biologist).cancelRecord({
      record_id: garnier.record_id,
      record_last_updated: garnier.record_last_updated,
      record_annulment_explanation: 'Tube hémolysé, patiente reconvoquée',
      replace: false,
    });
    const after = await recordOf('GARNIER');
    const [first] = after.samples;
    const answer = await as(technician).send('addSample', {
      body: {
        record_id: after.record_id,
        record_last_updated: after.record_last_updated,
        sample_type: first?.sample_type,
        sample_matrix: first?.sample_matrix,
        sample_analyses: [after.record_analyses[0]?.analysis_id],
      },
    });
    expect(codeOf(answer)).toBe('invalidRecordStatusForUpdate');
  });
});
