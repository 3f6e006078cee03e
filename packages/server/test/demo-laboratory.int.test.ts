import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
interface Line {
  parameter_name: string;
  result: {
    result_value: number;
    result_calculated: number | null;
    result_population: string | null;
    result_range_min: number | null;
    result_range_max: number | null;
    result_flags: string[];
  } | null;
}
interface RecordDetail {
  record_id: string;
  record_number: string;
  record_status: number;
  record_last_updated: string;
  record_analyses: Array<{ analysis_id: string; analysis_name: string }>;
  samples: Array<{
    sample_id: string;
    sample_number: string;
    sample_type: string;
    sample_matrix: string;
    sample_analyses: string[];
    sample_additional: boolean;
  }>;
}
interface Worklist {
  machine_name: string;
  groups: Array<{
    analysis_name: string;
    samples: Array<{
      sample_number: string;
      record_is_urgent: boolean;
      patient_initials: string;
      patient_birth_year: number;
    }>;
  }>;
}

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
  const get = (session: Session, url: string) => call(ctx.app, session, { method: 'GET', url });
  const post = (session: Session, url: string, payload: Json) =>
    call(ctx.app, session, { method: 'POST', url, payload });
  const put = (session: Session, url: string, payload: Json) =>
    call(ctx.app, session, { method: 'PUT', url, payload });

  async function recordOf(surname: string): Promise<RecordDetail> {
    const list = (await get(biologist, `/api/get-records?search=${surname}`)).json<{ data: Json[] }>();
    const [row] = list.data;
    const [detail] = (await get(biologist, `/api/get-record?record_id=${String(row?.record_id)}`)).json<
      RecordDetail[]
    >();
    if (!detail) throw new Error(`no demo record for ${surname}`);
    return detail;
  }
  async function machineId(name: string): Promise<string> {
    const list = (await get(biologist, '/api/get-machines?number_of_records=100&page_number=1')).json<{
      data: Array<{ machine_id: string; machine_name: string }>;
    }>();
    const machine = list.data.find((row) => row.machine_name === name);
    if (!machine) throw new Error(`no machine ${name}`);
    return machine.machine_id;
  }

  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { demo: 'full' });
    biologist = await login(ctx.app, 'biologiste@demo.lab');
    technician = await login(ctx.app, 'technicien@demo.lab');
  }, 120_000);
  afterAll(() => stopTestApp(ctx));

  it('starts with a catalogue of about thirty analyses, their machines and NABM acts', async () => {
    const analyses = (await get(biologist, '/api/get-analyses?number_of_records=100&page_number=1')).json<{
      data: Array<{ analysis_name: string; analysis_nabm_codes: string[]; analysis_machines: string[] }>;
    }>();
    expect(analyses.data.length).toBeGreaterThanOrEqual(28);
    const nfs = analyses.data.find((row) => row.analysis_name === 'NFS (hémogramme)');
    expect(nfs?.analysis_nabm_codes).toEqual(['1104']);
    expect(nfs?.analysis_machines).toEqual([await machineId('Sysmex XN-1000')]);
    const [act] = (await get(biologist, '/api/get-nabm?nabm_code=1104')).json<
      Array<{ nabm_coef_b: number }>
    >();
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
    const lines: Line[] = [];
    for (const sample of martin.samples) {
      const answer = (await get(biologist, `/api/get-sample-results?sample_id=${sample.sample_id}`)).json<{
        lines: Line[];
      }>();
      lines.push(...answer.lines);
    }
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
    const answer = await get(technician, `/api/get-worklist?machine_id=${await machineId('Sysmex XN-1000')}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json<Worklist>();
    expect(list.machine_name).toBe('Sysmex XN-1000');
    const nfs = list.groups.find((group) => group.analysis_name === 'NFS (hémogramme)');
    // MARTIN's samples are removed and LEROY's record is not received: neither waits.
    expect(nfs?.samples.map((s) => s.patient_initials)).toEqual(['DJ', 'PL']);
    expect(nfs?.samples.every((s) => s.record_is_urgent)).toBe(true);
    expect(nfs?.samples[0]?.patient_birth_year).toBe(1958);
    const toxicology = (
      await get(technician, `/api/get-worklist?machine_id=${await machineId('LC-MS/MS (Xevo TQ-S)')}`)
    ).json<Worklist>();
    expect(toxicology.groups.map((group) => group.analysis_name)).toEqual([
      'Cannabinoïdes (THC, THC-COOH)',
      'Cocaïne et benzoylecgonine',
    ]);
    const unknown = await get(
      technician,
      '/api/get-worklist?machine_id=00000000-0000-4000-8000-000000000000',
    );
    expect(codeOf(unknown)).toBe('machineNotFound');
  });

  it('adds a second tube to a record, numbered after the last, kept when the analyses change', async () => {
    const leroy = await recordOf('LEROY');
    const tsh = leroy.record_analyses.find((a) => a.analysis_name === 'TSH')?.analysis_id as string;
    const hba1c = leroy.record_analyses.find((a) => a.analysis_name.includes('HbA1c'))?.analysis_id as string;
    const dryTube = leroy.samples.find((s) => s.sample_analyses.includes(tsh));
    if (!dryTube) throw new Error('no dry tube');
    const body = {
      record_id: leroy.record_id,
      record_last_updated: leroy.record_last_updated,
      sample_type: dryTube.sample_type,
      sample_matrix: dryTube.sample_matrix,
      sample_analyses: [tsh],
      sample_linked_sample: dryTube.sample_id,
    };

    const unordered = await post(biologist, '/api/add-sample', {
      ...body,
      sample_analyses: [(await recordOf('MARTIN')).record_analyses[0]?.analysis_id],
    });
    expect(codeOf(unordered)).toBe('analysisNotInRecord');

    const added = await post(biologist, '/api/add-sample', body);
    expect(added.statusCode, added.body).toBe(200);
    const sample = added.json<{ sample_id: string; sample_number: string; sample_additional: boolean }>();
    expect(sample.sample_number).toBe(`${leroy.record_number}-0${leroy.samples.length + 1}`);
    expect(sample.sample_additional).toBe(true);
    expect(codeOf(await post(biologist, '/api/add-sample', body))).toBe('staleUpdate');

    // Dropping HbA1c re-plans the record's samples: the EDTA tube goes, the added tube stays.
    const before = await recordOf('LEROY');
    const edit = await put(biologist, '/api/update-patient', {
      record_id: before.record_id,
      record_last_updated: before.record_last_updated,
      record_selected_analyses: [
        {
          combination: 1,
          analysis_ids: before.record_analyses.map((a) => a.analysis_id).filter((id) => id !== hba1c),
        },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
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
    const cancelled = await put(biologist, '/api/cancel-record', {
      record_id: garnier.record_id,
      record_last_updated: garnier.record_last_updated,
      record_annulment_explanation: 'Tube hémolysé, patiente reconvoquée',
      replace: false,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await recordOf('GARNIER');
    const [first] = after.samples;
    const answer = await post(technician, '/api/add-sample', {
      record_id: after.record_id,
      record_last_updated: after.record_last_updated,
      sample_type: first?.sample_type,
      sample_matrix: first?.sample_matrix,
      sample_analyses: [after.record_analyses[0]?.analysis_id],
    });
    expect(codeOf(answer)).toBe('invalidRecordStatusForUpdate');
  });
});
