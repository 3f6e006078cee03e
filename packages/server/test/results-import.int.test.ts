import { type ReferenceRangeCategory, SAMPLE_STATUS } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ReferenceInput } from './client.js';
import { seedCatalogue, signInStaff } from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  multipart,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
interface Preview {
  total_rows: number;
  samples: number;
  lines: Array<Json & { sample_number: string; parameter_name: string; change: string }>;
  unmatched: Array<{ line: number; sample_ref: string; instrument_code: string; reason: string }>;
  unknown_samples: Json[];
  internal_standards: Json[];
  unmapped_codes: string[];
  parameters: Array<{ instrument_code: string; count: number }>;
  already_imported_at: string | null;
}
interface ResultLine {
  parameter_id: string;
  result: (Json & { result_last_updated: string }) | null;
}

const range = (population: ReferenceRangeCategory, min: number, max: number) => ({ population, min, max });

/**
 * Instrument results import (issue 14): a file is matched to samples and parameters through the
 * laboratory's mapping, previewed with the bench's reading of each value, written all or nothing,
 * and a second import of the same file changes nothing.
 */
describe.each(DATABASES)('instrument results import on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let technician: Session;
  let biologist: Session;
  let secretary: Session;
  let ids: { glucose: string; sars: string; panel: string; machine: string };
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;

  const addParameter = async (body: ReferenceInput<'parameters'>) =>
    String((await apiClient(ctx.app, admin).reference('parameters').add(body)).parameter_id);
  const addAnalysis = async (body: ReferenceInput<'analyses'>) =>
    String((await apiClient(ctx.app, admin).reference('analyses').add(body)).analysis_id);
  /** A new patient's record of an analysis (the panel unless said): its first sample's id and number. */
  const newSample = async (surname: string, analysis?: string) => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: surname,
        patient_name: 'Hélène',
        patient_gender: 'F',
        patient_dob: '1960-06-01',
        record_selected_analyses: [{ combination: 1, analysis_ids: [analysis ?? ids.panel] }],
      },
    });
    if (created.statusCode !== 200) throw new Error(created.body);
    const sample = created.json<{ samples: Array<{ sample_id: string; sample_number: string }> }>()
      .samples[0];
    if (!sample) throw new Error('no sample');
    return { id: sample.sample_id, number: sample.sample_number };
  };
  const resultsOf = async (sampleId: string) => {
    const response = await call(ctx.app, technician, 'getSampleResults', { query: { sample_id: sampleId } });
    expect(response.statusCode).toBe(200);
    return response.json<{ lines: ResultLine[] }>().lines;
  };
  const resultOf = async (sampleId: string, parameterId: string) =>
    (await resultsOf(sampleId)).find((line) => line.parameter_id === parameterId)?.result ?? null;
  /** Sends an instrument's file to a call by name, raw: the tests read refusals as well as imports. */
  const upload = (
    name: string,
    fileType: string,
    content: string | Buffer,
    fields: Record<string, string> = {},
  ) =>
    apiClient(ctx.app, technician).send(
      name,
      multipart(
        { file_type: fileType, ...fields },
        {
          name: 'export.csv',
          bytes: typeof content === 'string' ? Buffer.from(content, 'latin1') : content,
        },
      ),
    );
  const preview = async (fileType: string, text: string | Buffer, fields: Record<string, string> = {}) => {
    const response = await upload('previewResultsImport', fileType, text, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Preview>();
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    catalogue = await seedCatalogue(ctx.app, admin);
    const glucose = await addParameter({
      parameter_name: 'Glucose',
      parameter_unit: 'g/L',
      parameter_unit_after_calc: 'mmol/L',
      parameter_decimals: 2,
      parameter_has_formula: true,
      parameter_formula: 'x * 5.551',
      parameter_lower_detection_limit: 0.1,
      parameter_ranges: [range('default', 0.7, 1.1)],
    });
    const sars = await addParameter({ parameter_name: 'SARS-CoV-2 gène N' });
    const panel = await addAnalysis({
      analysis_name: 'Bilan importé',
      analysis_sample_type: catalogue.serum,
      analysis_matrix: catalogue.blood,
      analysis_parameters: [glucose, sars],
    });
    const machine = String(
      (
        await apiClient(ctx.app, admin)
          .reference('machines')
          .add({ machine_name: 'QuantStudio 7', machine_code: 'QS7' })
      ).machine_id,
    );
    ids = { glucose, sars, panel, machine };
    const mapped = await call(ctx.app, admin, 'updateImportMappings', {
      body: { file_type: 'forwarding', mappings: [{ instrument_code: 'GLY', parameter_id: glucose }] },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
  });
  afterAll(() => stopTestApp(ctx));

  it('keeps a mapping per type and machine, the machine-less one applying to every machine', async () => {
    const saved = await call(ctx.app, admin, 'updateImportMappings', {
      body: {
        file_type: 'covid19Pcr',
        machine_id: ids.machine,
        mappings: [{ instrument_code: 'N gene', parameter_id: ids.sars, pcr_cutoff: 38 }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await call(ctx.app, admin, 'getImportMappings', {
      query: { file_type: 'forwarding', machine_id: ids.machine },
    });
    expect(read.json<{ mappings: Json[] }>().mappings).toEqual([
      expect.objectContaining({
        mapping_instrument_code: 'GLY',
        mapping_machine: null,
        parameter_name: 'Glucose',
      }),
    ]);
    const pcr = await call(ctx.app, admin, 'getImportMappings', {
      query: { file_type: 'covid19Pcr', machine_id: ids.machine },
    });
    expect(pcr.json<{ mappings: Json[] }>().mappings).toEqual([
      expect.objectContaining({ mapping_instrument_code: 'N gene', mapping_pcr_cutoff: 38 }),
    ]);
    const technicianTries = await call(ctx.app, technician, 'updateImportMappings', {
      body: { file_type: 'forwarding', mappings: [] },
    });
    expect(technicianTries.statusCode).toBe(403);
  });

  it('previews, imports once, and says so when the same file comes again', async () => {
    const first = await newSample('Import-Un');
    const second = await newSample('Import-Deux');
    const validated = await newSample('Import-Valide');
    const filled = await call(ctx.app, technician, 'updateSampleResults', {
      body: { sample_id: validated.id, results: [{ parameter_id: ids.glucose, result_value: 1 }] },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const recordId = (
      await call(ctx.app, technician, 'getSampleResults', { query: { sample_id: validated.id } })
    ).json<{ sample: { sample_record: string } }>().sample.sample_record;
    const received = await call(ctx.app, secretary, 'receiveRecord', { body: { record_id: recordId } });
    expect(received.statusCode, received.body).toBe(200);
    // Completed at the bench, then validated by the biologist: the only way to 'validated'.
    const completed = await call(ctx.app, technician, 'updateSampleStatus', {
      body: { sample_id: validated.id, sample_status: SAMPLE_STATUS.removed, force_save: true },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const status = await call(ctx.app, biologist, 'validateRecord', {
      body: { record_id: recordId, sample_ids: [validated.id] },
    });
    expect(status.statusCode, status.body).toBe(200);

    // A partner laboratory's file, Windows-1252, ';', decimal commas, CRLF.
    const file = [
      'echantillon;code;résultat;unité;commentaire',
      `${first.number};GLY;1,26;g/L;`,
      `${second.number};GLY;0,9;g/L;`,
      `${first.number};GLY;1,3;g/L;deuxième passage`,
      'INCONNU-01;GLY;1;g/L;',
      `${first.number};VITD;28,4;ng/mL;`,
      `${validated.number};GLY;1,5;g/L;`,
      '',
    ].join('\r\n');
    const seen = await preview('forwarding', file);
    expect(seen.total_rows).toBe(6);
    expect(seen.samples).toBe(2);
    expect(seen.lines).toEqual([
      expect.objectContaining({
        line: 2,
        sample_number: first.number,
        parameter_name: 'Glucose',
        raw_text: '1,26',
        result_value: 1.26,
        result_calculated: 6.99,
        result_unit: 'mmol/L',
        result_flags: ['high'],
        change: 'new',
      }),
      expect.objectContaining({ line: 3, sample_number: second.number, result_value: 0.9, result_flags: [] }),
    ]);
    expect(seen.unmatched.map((row) => [row.line, row.reason])).toEqual([
      [4, 'duplicate'],
      [5, 'unknownSample'],
      [6, 'unknownCode'],
      [7, 'sampleValidated'],
    ]);
    expect(seen.unmapped_codes).toEqual(['VITD']);
    expect(seen.parameters).toEqual([expect.objectContaining({ instrument_code: 'GLY', count: 2 })]);
    expect(seen.already_imported_at).toBeNull();
    expect(await resultOf(first.id, ids.glucose)).toBeNull();

    const imported = await upload('importResults', 'forwarding', file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ written: 2, unchanged: 0, unmatched: 4, samples: 2 });
    const stored = await resultOf(first.id, ids.glucose);
    expect(stored).toMatchObject({ result_value: 1.26, result_calculated: 6.99, result_flags: ['high'] });
    expect(await resultOf(validated.id, ids.glucose)).toMatchObject({ result_value: 1 });

    const again = await upload('importResults', 'forwarding', file);
    expect(again.json()).toMatchObject({
      import_id: null,
      written: 0,
      unchanged: 2,
      already_imported_at: expect.any(String),
    });
    expect((await resultOf(first.id, ids.glucose))?.result_last_updated).toBe(stored?.result_last_updated);
    expect((await preview('forwarding', file)).lines.map((line) => line.change)).toEqual(['same', 'same']);
  });

  it('writes nothing when the file is wrong on its last line, naming the line and the column', async () => {
    const sample = await newSample('Import-Rien');
    const file = `echantillon;code;resultat\r\n${sample.number};GLY;1,0\r\n;GLY;2,0\r\n`;
    const refused = await upload('importResults', 'forwarding', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'invalidImportFile',
      details: { line: 3, column: 'echantillon', reason: 'emptyCell' },
    });
    expect(await resultOf(sample.id, ids.glucose)).toBeNull();
    const wrongType = await upload('previewResultsImport', 'covid19Pcr', file);
    expect(wrongType.json()).toMatchObject({ code: 'invalidImportFile', details: { column: '[Results]' } });
  });

  it('writes nothing when the last line was cut short, naming it, and reads it whole without line break', async () => {
    const first = await newSample('Import-Coupe-Un');
    const second = await newSample('Import-Coupe-Deux');
    const header = 'echantillon;code;resultat;unite\r\n';
    // The transfer stopped inside the last line: '0,95;g/L' arrived as '0,9'.
    const cut = `${header}${first.number};GLY;1,26;g/L\r\n${second.number};GLY;0,9`;
    for (const name of ['previewResultsImport', 'importResults']) {
      const refused = await upload(name, 'forwarding', cut);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({
        code: 'invalidImportFile',
        details: { line: 3, column: 'unite', reason: 'truncatedLine' },
      });
    }
    expect(await resultOf(first.id, ids.glucose)).toBeNull();
    expect(await resultOf(second.id, ids.glucose)).toBeNull();
    const whole = await upload('importResults', 'forwarding', `${cut}5;g/L`);
    expect(whole.json()).toMatchObject({ written: 2 });
    expect(await resultOf(second.id, ids.glucose)).toMatchObject({ result_value: 0.95 });
  });

  it("writes GeneXpert's Test Result where the mapping puts it, beside the analytes", async () => {
    const verdict = await addParameter({ parameter_name: 'CT/NG GeneXpert' });
    const chlamydia = await addParameter({ parameter_name: 'Chlamydia PCR' });
    const analysis = await addAnalysis({
      analysis_name: 'CT/NG Xpert',
      analysis_sample_type: catalogue.serum,
      analysis_matrix: catalogue.blood,
      analysis_parameters: [verdict, chlamydia],
    });
    const sample = await newSample('Import-Xpert', analysis);
    const text = [
      'RESULT TABLE',
      `Sample ID,${sample.number}`,
      'Assay,Xpert CT_NG',
      'Test Result,CT DETECTED|NG NOT DETECTED|',
      '',
      'Analyte Result',
      'Analyte Name,Ct,EndPt,Analyte Result,Probe Check Result',
      'SPC,27.1,120,NA,PASS',
      'CT1,31.4,120,POS,PASS',
      'NG2,0.0,120,NEG,PASS',
      '',
    ].join('\r\n');
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const code = 'Test Result (Xpert CT_NG)';
    expect((await preview('mst', file)).unmapped_codes).toContain(code);
    const mapped = await call(ctx.app, admin, 'updateImportMappings', {
      body: {
        file_type: 'mst',
        mappings: [
          { instrument_code: code, parameter_id: verdict },
          { instrument_code: 'CT1', parameter_id: chlamydia },
        ],
      },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const seen = await preview('mst', file);
    expect(seen.lines.map((line) => [line.instrument_code, line.result_text, line.result_value])).toEqual([
      [code, 'CT DETECTED; NG NOT DETECTED', null],
      ['CT1', 'détecté', 31.4],
    ]);
    const imported = await upload('importResults', 'mst', file);
    expect(imported.json()).toMatchObject({ written: 2 });
    expect(await resultOf(sample.id, verdict)).toMatchObject({ result_text: 'CT DETECTED; NG NOT DETECTED' });
  });

  it('lists a sample id that matches no sample once per kind of row, in the preview and the answer', async () => {
    const known = await newSample('Import-Inconnus');
    const header = 'Well\tSample Name\tTarget Name\tTask\tCT';
    const file = [
      '[Results]',
      header,
      '1\tINCONNU-7\tN gene\tUNKNOWN\t24.1',
      '2\tINCONNU-7\tRNase P\tUNKNOWN\t27.9',
      `3\t${known.number}\tN gene\tUNKNOWN\t30.2`,
      '4\tNTC\tN gene\tNTC\tUndetermined',
      '5\tNTC\tRNase P\tNTC\tUndetermined',
      '6\tINCONNU-7\tN gene\tSTANDARD\t18.0',
      '7\tINCONNU-7\tORF1ab\tUNKNOWN\t25.3',
      '',
    ].join('\n');
    const listed = [
      { sample_ref: 'INCONNU-7', kind: 'sample', line: 3, rows: 3 },
      { sample_ref: 'NTC', kind: 'blank', line: 6, rows: 2 },
      { sample_ref: 'INCONNU-7', kind: 'standard', line: 8, rows: 1 },
    ];
    const seen = await preview('covid19Pcr', file, { machine_id: ids.machine });
    expect(seen.unknown_samples).toEqual(listed);
    expect(seen.lines.map((line) => line.sample_number)).toEqual([known.number]);
    const imported = await upload('importResults', 'covid19Pcr', file, { machine_id: ids.machine });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ written: 1, unknown_samples: listed });
  });

  it("keeps each injection's internal standard as quality control, never as a result, even when mapped", async () => {
    const thc = await addParameter({ parameter_name: 'THC-COOH urinaire' });
    const recovery = await addParameter({ parameter_name: 'Récupération ISTD' });
    const analysis = await addAnalysis({
      analysis_name: 'Cannabis LC-MS/MS',
      analysis_sample_type: catalogue.serum,
      analysis_matrix: catalogue.blood,
      analysis_parameters: [thc, recovery],
    });
    const sample = await newSample('Import-Istd', analysis);
    const mapped = await call(ctx.app, admin, 'updateImportMappings', {
      body: {
        file_type: 'thcD3Istd',
        mappings: [
          { instrument_code: 'THC-COOH', parameter_id: thc },
          // What docs/formats once advised: the standard's area to a recovery parameter.
          { instrument_code: 'THC-COOH-d3', parameter_id: recovery },
        ],
      },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const group = 'Acq. Date-Time,Name,Data File,Type,RT,Area';
    const file = [
      `Compound Method,,,${sample.number},,,,,,CAL 1,,,,,,CAL 2,,,,,`,
      `Name,Precursor Ion,Product Ion,${group},${group},${group}`,
      `THC-COOH,345.2,299.2,23/11/2026 10:00,${sample.number},a.d,Sample,6.43,5120,23/11/2026 10:01,CAL 1,b.d,Cal,6.43,4010,23/11/2026 10:02,CAL 2,c.d,Cal,6.42,8030`,
      `THC-COOH-d3,348.2,302.2,23/11/2026 10:00,${sample.number},a.d,Sample,6.41,75000,23/11/2026 10:01,CAL 1,b.d,Cal,6.41,140000,23/11/2026 10:02,CAL 2,c.d,Cal,6.40,160000`,
      '',
    ].join('\r\n');
    const standards = [
      {
        line: 4,
        sample_ref: sample.number,
        kind: 'sample',
        instrument_code: 'THC-COOH-d3',
        istd_area: 75000,
        istd_retention_time: 6.41,
        istd_area_percent: 50,
      },
      expect.objectContaining({ sample_ref: 'CAL 1', kind: 'standard', istd_area_percent: 93.3 }),
      expect.objectContaining({ sample_ref: 'CAL 2', istd_area: 160000, istd_retention_time: 6.4 }),
    ];
    const seen = await preview('thcD3Istd', file);
    expect(seen.internal_standards).toEqual(standards);
    expect(seen.lines.map((line) => [line.instrument_code, line.result_value])).toEqual([['THC-COOH', 5120]]);
    expect(seen.unmapped_codes).toEqual([]);
    const imported = await upload('importResults', 'thcD3Istd', file);
    expect(imported.json()).toMatchObject({ written: 1, internal_standards: standards });
    expect(await resultOf(sample.id, recovery)).toBeNull();
    expect(await resultOf(sample.id, thc)).toMatchObject({ result_value: 5120 });
  });

  it('writes nothing when a value is past the parameter bounds, and lists it in the preview', async () => {
    const sample = await newSample('Import-Borne');
    const file = `echantillon;code;resultat\r\n${sample.number};GLY;-0,5\r\n`;
    expect((await preview('forwarding', file)).unmatched).toEqual([
      expect.objectContaining({ line: 2, reason: 'outOfBounds' }),
    ]);
  });

  it('reads a QuantStudio qPCR run with the machine mapping and its cut-off', async () => {
    const positive = await newSample('Import-Positif');
    const late = await newSample('Import-Tardif');
    const negative = await newSample('Import-Negatif');
    const header = 'Well\tWell Position\tOmit\tSample Name\tTarget Name\tTask\tReporter\tQuencher\tCT';
    const file = [
      '* Instrument Type = QuantStudio 7 Flex',
      '',
      '[Results]',
      header,
      `1\tA1\tfalse\t${positive.number}\tN gene\tUNKNOWN\tFAM\tNFQ-MGB\t24.318`,
      `2\tA2\tfalse\t${late.number}\tN gene\tUNKNOWN\tFAM\tNFQ-MGB\t39.1`,
      `3\tA3\tfalse\t${negative.number}\tN gene\tUNKNOWN\tFAM\tNFQ-MGB\tUndetermined`,
      '4\tA4\tfalse\tNTC\tN gene\tNTC\tFAM\tNFQ-MGB\tUndetermined',
      `5\tA5\tfalse\t${positive.number}\tRNase P\tUNKNOWN\tVIC\tNFQ-MGB\t27.0`,
      '',
    ].join('\n');
    const everyMachine = await preview('covid19Pcr', file);
    expect(everyMachine.lines).toHaveLength(0);
    expect(everyMachine.unmapped_codes).toEqual(['N gene', 'RNase P']);
    const seen = await preview('covid19Pcr', file, { machine_id: ids.machine });
    expect(seen.lines.map((line) => [line.sample_number, line.result_text, line.result_value])).toEqual([
      [positive.number, 'détecté', 24.318],
      [late.number, 'non détecté', null],
      [negative.number, 'non détecté', null],
    ]);
    expect(seen.unmatched.map((row) => row.reason)).toEqual(['notASample', 'unknownCode']);
    const imported = await upload('importResults', 'covid19Pcr', file, { machine_id: ids.machine });
    expect(imported.json()).toMatchObject({ written: 3 });
    expect(await resultOf(positive.id, ids.sars)).toMatchObject({
      result_text: 'détecté',
      result_value: 24.318,
    });
  });

  it('refuses a machine the laboratory does not have', async () => {
    const file = 'echantillon;code;resultat\r\nX;GLY;1\r\n';
    const unknown = await upload('previewResultsImport', 'forwarding', file, {
      machine_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(codeOf(unknown)).toBe('machineNotFound');
  });
});
