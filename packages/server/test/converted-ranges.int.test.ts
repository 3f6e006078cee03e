import { Hl7Message } from '@medplum/core';
import { SAMPLE_STATUS } from '@sil/contract';
import { storedPdfText } from '@sil/documents/testing';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue, signInStaff } from './factories.js';
import { call, DATABASES, type Session, startTestApp, stopTestApp, type TestContext } from './helpers.js';

type Json = Record<string, unknown>;
interface StoredResult {
  result_value: number | null;
  result_calculated: number | null;
  result_censored: string | null;
  result_unit: string | null;
  result_range_min: number | null;
  result_range_max: number | null;
  result_raw_range_min: number | null;
  result_raw_range_max: number | null;
  result_flags: string[];
}
interface Line {
  parameter_id: string;
  result: StoredResult | null;
}
interface FhirQuantity {
  value: number;
  unit?: string;
  code?: string;
}
interface FhirObservation {
  resourceType: string;
  code: { coding: Array<{ code: string }> };
  valueQuantity?: FhirQuantity;
  referenceRange?: Array<{ low?: FhirQuantity; high?: FhirQuantity }>;
}

/**
 * A converted result travels with its range in its own unit (issue 37): a glucose typed in g/L
 * (range 0.70–1.10) is reported as 6.99 mmol/L beside 3.89–6.11 mmol/L, and a creatinine typed in
 * µmol/L (45–104) as 1.36 mg/dL beside 0.51–1.18 mg/dL, on the bench and validation answers, in the
 * stored report and in the four exchange formats. A censored measure is reported as its limit in the
 * same unit ('< 0.56 mmol/L', not '< 0.10' beside mmol/L).
 */
describe.each(DATABASES)('ranges of converted results on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let secretary: Session;
  let technician: Session;
  let biologist: Session;
  let ids: { glucose: string; creatinine: string; analysis: string };

  const put = (session: Session, url: string, payload: Json) =>
    call(ctx.app, session, { method: 'PUT', url, payload });
  const get = (session: Session, url: string) => call(ctx.app, session, { method: 'GET', url });
  const added = async (url: string, payload: Json, field: string) => {
    const answer = await call(ctx.app, admin, { method: 'POST', url, payload });
    expect(answer.statusCode, answer.body).toBe(200);
    return String(answer.json<Json>()[field]);
  };

  /** A record of the analysis with both results typed in the measured units, complete at the bench. */
  const completedRecord = async (glucose: number) => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Conversion',
        patient_name: 'Inès',
        patient_gender: 'F',
        patient_dob: '1979-03-21',
        record_selected_analyses: [{ combination: 1, analysis_ids: [ids.analysis] }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<{ record_id: string; samples: Array<{ sample_id: string }> }>();
    const sampleId = String(body.samples[0]?.sample_id);
    expect((await put(secretary, '/api/receive-record', { record_id: body.record_id })).statusCode).toBe(200);
    const saved = await put(technician, '/api/update-sample-results', {
      sample_id: sampleId,
      results: [
        { parameter_id: ids.glucose, result_value: glucose },
        { parameter_id: ids.creatinine, result_value: 120 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const done = await put(technician, '/api/update-sample-status', {
      sample_id: sampleId,
      sample_status: SAMPLE_STATUS.removed,
    });
    expect(done.statusCode, done.body).toBe(200);
    return { recordId: body.record_id, sampleId, lines: saved.json<{ lines: Line[] }>().lines };
  };
  const resultOf = (lines: Line[], parameterId: string) =>
    lines.find((line) => line.parameter_id === parameterId)?.result;
  const exported = async (recordId: string, format: string) => {
    const answer = await get(secretary, `/api/export-record-results?record_id=${recordId}&format=${format}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ content: string }>().content;
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind, { DELIVERY_POLL_SECONDS: '0' });
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    const glucose = await added(
      '/api/add-parameter',
      {
        parameter_name: 'Glucose',
        parameter_code: 'GLUC',
        parameter_loinc: '2345-7',
        parameter_unit: 'g/L',
        parameter_unit_after_calc: 'mmol/L',
        parameter_decimals: 2,
        parameter_lower_detection_limit: 0.1,
        parameter_has_formula: true,
        parameter_formula: 'x * 5.551',
        parameter_show_before_after: true,
        parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
      },
      'parameter_id',
    );
    const creatinine = await added(
      '/api/add-parameter',
      {
        parameter_name: 'Créatinine',
        parameter_code: 'CREAT',
        parameter_unit: 'µmol/L',
        parameter_unit_after_calc: 'mg/dL',
        parameter_decimals: 2,
        parameter_has_formula: true,
        parameter_formula: 'x / 88.4',
        parameter_ranges: [{ population: 'default', min: 45, max: 104 }],
      },
      'parameter_id',
    );
    const analysis = await added(
      '/api/add-analysis',
      {
        analysis_name: 'Glycémie et créatinine',
        analysis_sample_type: catalogue.serum,
        analysis_matrix: catalogue.blood,
        analysis_parameters: [glucose, creatinine],
      },
      'analysis_id',
    );
    ids = { glucose, creatinine, analysis };
  });
  afterAll(() => stopTestApp(ctx));

  it('keeps the range in the unit of the value on the bench and the validation screen', async () => {
    const { recordId, lines } = await completedRecord(1.26);
    expect(resultOf(lines, ids.glucose)).toMatchObject({
      result_value: 1.26,
      result_calculated: 6.99,
      result_unit: 'mmol/L',
      result_range_min: 3.89,
      result_range_max: 6.11,
      result_raw_range_min: 0.7,
      result_raw_range_max: 1.1,
      result_flags: ['high'],
    });
    expect(resultOf(lines, ids.creatinine)).toMatchObject({
      result_calculated: 1.36,
      result_unit: 'mg/dL',
      result_range_min: 0.51,
      result_range_max: 1.18,
      result_raw_range_min: 45,
      result_raw_range_max: 104,
      result_flags: ['high'],
    });
    const preview = await get(biologist, `/api/preview-record?record_id=${recordId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const previewLines = preview.json<{ samples: Array<{ lines: Line[] }> }>().samples[0]?.lines ?? [];
    expect(resultOf(previewLines, ids.glucose)).toMatchObject({
      result_unit: 'mmol/L',
      result_range_min: 3.89,
      result_range_max: 6.11,
    });
  });

  it('reports a censored measure as its limit in the unit of its range', async () => {
    const { lines } = await completedRecord(0.05);
    expect(resultOf(lines, ids.glucose)).toMatchObject({
      result_censored: '<',
      result_calculated: 0.56,
      result_unit: 'mmol/L',
      result_range_min: 3.89,
      result_range_max: 6.11,
      result_flags: ['low', 'belowDetection'],
    });
  });

  describe('once validated', () => {
    let recordId: string;

    beforeAll(async () => {
      const record = await completedRecord(1.26);
      recordId = record.recordId;
      const validated = await put(biologist, '/api/validate-record', {
        record_id: recordId,
        sample_ids: [record.sampleId],
      });
      expect(validated.statusCode, validated.body).toBe(200);
    });

    it('prints the converted range in the stored report', async () => {
      const versions = await get(biologist, `/api/get-report-versions?record_id=${recordId}`);
      const [version] = versions.json<Array<{ report_id: string }>>();
      const pdf = await get(biologist, `/api/download-report?report_id=${version?.report_id}`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      const text = storedPdfText(pdf.rawPayload);
      expect(text).toContain('6,99');
      expect(text).toContain('3,89 – 6,11');
      expect(text).toContain('0,51 – 1,18');
      expect(text).not.toContain('0,70 – 1,10');
      expect(text).not.toContain('45,00 – 104,00');
    });

    it('sends the converted range in HL7 v2 and HPRIM', async () => {
      const message = Hl7Message.parse(await exported(recordId, 'hl7'));
      const [glucose, creatinine] = message.getAllSegments('OBX');
      expect(glucose?.getField(5).toString()).toBe('6.99');
      expect(glucose?.getField(6).toString()).toBe('mmol/L');
      expect(glucose?.getField(7).toString()).toBe('3.89-6.11');
      expect(glucose?.getField(8).toString()).toBe('H');
      expect(creatinine?.getField(6).toString()).toBe('mg/dL');
      expect(creatinine?.getField(7).toString()).toBe('0.51-1.18');
      const hprim = await exported(recordId, 'hprim');
      expect(hprim).toContain('|6.99|mmol/L|3.89-6.11|H|');
      expect(hprim).toContain('|1.36|mg/dL|0.51-1.18|H|');
    });

    it('sends the converted range with its unit in FHIR and CDA', async () => {
      const bundle = JSON.parse(await exported(recordId, 'fhir')) as {
        entry: Array<{ resource: FhirObservation }>;
      };
      const observations = bundle.entry
        .map((entry) => entry.resource)
        .filter((resource) => resource.resourceType === 'Observation');
      const glucose = observations.find((each) =>
        each.code.coding.some((coding) => coding.code === '2345-7'),
      );
      expect(glucose?.valueQuantity).toMatchObject({ value: 6.99, unit: 'mmol/L' });
      expect(glucose?.referenceRange).toEqual([
        {
          low: expect.objectContaining({ value: 3.89, unit: 'mmol/L', code: 'mmol/L' }),
          high: expect.objectContaining({ value: 6.11, unit: 'mmol/L', code: 'mmol/L' }),
        },
      ]);

      const cda = new DOMParser().parseFromString(await exported(recordId, 'cda'), 'text/xml');
      const ranges = Array.from(cda.getElementsByTagName('observationRange')).map((range) => {
        const bound = (tag: string) => {
          const element = range.getElementsByTagName(tag)[0];
          return { value: element?.getAttribute('value'), unit: element?.getAttribute('unit') };
        };
        return { low: bound('low'), high: bound('high') };
      });
      expect(ranges).toEqual([
        { low: { value: '3.89', unit: 'mmol/L' }, high: { value: '6.11', unit: 'mmol/L' } },
        { low: { value: '0.51', unit: 'mg/dL' }, high: { value: '1.18', unit: 'mg/dL' } },
      ]);
    });
  });
});
