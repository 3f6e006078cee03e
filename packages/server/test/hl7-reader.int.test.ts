import { Hl7Message } from '@medplum/core';
import type { ResultFlag, ResultRow } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchRecord, cdaCatalogue } from './cda-catalogue.js';
import { apiClient } from './client.js';
import { type Staff, signInStaff } from './factories.js';
import { DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

/** HL7 table 0078 as a receiver reads OBX-8: the codes it expects for each of the product's flags. */
const TABLE_0078: Partial<Record<ResultFlag, string>> = {
  low: 'L',
  high: 'H',
  toxic: 'A',
  deadly: 'AA',
  positive: 'POS',
  negative: 'NEG',
  belowDetection: '<',
  aboveDetection: '>',
};

/** What a receiver should read in OBX-5 to OBX-8 for a stored result, written without the builder. */
function expectedObx(result: ResultRow) {
  const value = result.result_calculated ?? result.result_value;
  const [min, max] = [result.result_range_min, result.result_range_max];
  const flags = result.result_flags.flatMap((flag) => TABLE_0078[flag] ?? []);
  return {
    value: value ?? result.result_text,
    unit: result.result_unit ?? '',
    range:
      min !== null && max !== null ? [min, max] : max !== null ? ['<', max] : min !== null ? ['>', min] : [],
    flags: flags.length > 0 ? flags : value !== null && (min !== null || max !== null) ? ['N'] : [],
  };
}

/** The same four fields as the HL7 library parses them from one OBX. */
function readObx(obx: ReturnType<Hl7Message['getAllSegments']>[number]) {
  const type = obx.getField(2).toString();
  const field5 = obx.getField(5);
  const value =
    type === 'NM'
      ? Number(field5.toString())
      : type === 'SN'
        ? Number(field5.getComponent(2))
        : field5.toString();
  const range = obx.getField(7).toString();
  const bounds = /^([\d.]+)-([\d.]+)$/.exec(range);
  return {
    value,
    unit: obx.getField(6).toString(),
    range: bounds
      ? [Number(bounds[1]), Number(bounds[2])]
      : range
        ? [range.charAt(0), Number(range.slice(1))]
        : [],
    flags: obx.getField(8).toString() === '' ? [] : obx.getField(8).toString().split('~'),
  };
}

/**
 * The HL7 v2.5 ORU^R01 of a validated record, exported through the API, read back by the HL7
 * library (@medplum/core's parser, not the project's segment code): one OBX per stored result,
 * each carrying the result's value, unit, range and abnormal flags as the bench stored them.
 */
describe.each(DATABASES)('the HL7 export read back by an HL7 parser on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    Object.assign(ids, await cdaCatalogue(ctx.app, staff.admin));
  }, 120_000);
  afterAll(() => stopTestApp(ctx));

  it("gives every result's value, unit, range and flags in its OBX", async () => {
    const record = await benchRecord(
      ctx.app,
      staff,
      ids,
      [ids.glycaemia, ids.count, ids.covid, ids.hbsag, ids.ionogram].map(String),
      [
        { parameter_id: String(ids.glucose), result_value: 1.26 },
        { parameter_id: String(ids.haemoglobin), result_value: 13.5 },
        { parameter_id: String(ids.pcr), result_text: 'Positif' },
        { parameter_id: String(ids.hbs), result_value: 3.2 },
        { parameter_id: String(ids.sodium), result_value: 141 },
      ],
      { patient_surname: 'Roux', patient_name: 'Anna' },
    );
    await record.finish();
    const api = apiClient(ctx.app, staff.admin);
    const stored = new Map<string, ResultRow>();
    for (const sample_id of record.sampleIds)
      for (const line of (await api.getSampleResults({ sample_id })).lines)
        if (line.result) stored.set(line.parameter_name, line.result);

    const exported = await api.exportRecordResults({ record_id: record.recordId, format: 'hl7' });
    const message = Hl7Message.parse(exported.content);
    const obx = message.getAllSegments('OBX');
    expect(obx).toHaveLength(stored.size);
    const read = Object.fromEntries(
      obx.map((segment) => [segment.getField(3).getComponent(2), readObx(segment)]),
    );
    const expected = Object.fromEntries([...stored].map(([name, result]) => [name, expectedObx(result)]));
    expect(read).toEqual(expected);
    // The shapes this record was made of, so that the comparison above cannot pass on empty fields.
    expect(read.Glucose).toEqual({ value: 1.26, unit: 'g/L', range: [0.7, 1.1], flags: ['H'] });
    expect(read['ARN SARS-CoV-2']?.value).toBe('Positif');
    expect(read['Ag HBs']?.flags).toEqual(['POS']);
  }, 120_000);
});
