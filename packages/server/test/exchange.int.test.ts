import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hl7Message } from '@medplum/core';
import { SAMPLE_STATUS } from '@sil/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laboratories, patients, recordDeliveries, records, users } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { hprimProblems } from '../src/modules/exchange/formats/hprim-field-list.js';
import { seedCatalogue, signInStaff } from './factories.js';
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
import { startLocalEndpoint } from './local-endpoint.js';

type Json = Record<string, unknown>;
interface ExchangeFile {
  filename: string;
  content_type: string;
  content: string;
}

/** A destination on a local port that keeps what is POSTed to it. */
async function startReceiver() {
  const received: Array<{ type: string | undefined; body: string }> = [];
  const endpoint = await startLocalEndpoint('/results', (body, request, response) => {
    received.push({ type: request.headers['content-type'], body });
    response.writeHead(202).end();
  });
  return { ...endpoint, received };
}

/**
 * Result exchange (issue 16): the LOINC code of a parameter checked, the four formats exported
 * from a validated record only (with its INS and LOINC codes), and the 'exchange' channel that the
 * delivery jobs send to the file drop or by HTTP POST.
 */
describe.each(DATABASES)('result exchange on %s', (kind) => {
  let ctx: TestContext;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let dropDir: string;
  let admin: Session;
  let biologist: Session;
  let technician: Session;
  let secretary: Session;
  let analysisId: string;
  let glucose: string;
  let laboratoryId: string;

  const put = (session: Session, url: string, payload: Json) =>
    call(ctx.app, session, { method: 'PUT', url, payload });
  const exportAs = (session: Session, recordId: string, format: string) =>
    call(ctx.app, session, 'exportRecordResults', { query: { record_id: recordId, format } });
  const configure = (exchange: Json | null) =>
    writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(laboratories)
        .set({
          laboratory_settings: exchange
            ? sql`laboratory_settings || ${JSON.stringify({ exchange })}::jsonb`
            : sql`laboratory_settings - 'exchange'`,
        })
        .where(eq(laboratories.laboratory_id, laboratoryId)),
    );
  const runSends = async () => {
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(
        sql`UPDATE record_deliveries SET delivery_next_attempt_at = now() - interval '1 second' WHERE delivery_state = 'sending'`,
      ),
    );
    return ctx.app.sending.runDue();
  };
  const exchangeRow = async (recordId: string) => {
    const answer = await call(ctx.app, secretary, 'getRecordDeliveries', { query: { record_id: recordId } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer
      .json<{
        deliveries: Array<{
          delivery_channel: string;
          delivery_state: string;
          delivery_recipient: string | null;
        }>;
      }>()
      .deliveries.find((row) => row.delivery_channel === 'exchange');
  };

  /** A record of the glucose analysis with a qualified INS, through the bench; validated unless told. */
  const record = async (validate = true, prescriber?: string) => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Echange',
        patient_name: 'Inès',
        patient_gender: 'F',
        patient_dob: '1979-03-21',
        record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId] }],
        ...(prescriber ? { record_prescriber: prescriber } : {}),
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<{
      record_id: string;
      patient_id: string;
      samples: Array<{ sample_id: string }>;
    }>();
    // The identity as INSi qualifies it (docs/insi.md's national test NIR).
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(patients)
        .set({
          patient_ins: '279035121518989',
          patient_ins_oid: '1.2.250.1.213.1.4.10',
          patient_identity_status: 'qualified',
        })
        .where(eq(patients.patient_id, body.patient_id)),
    );
    const sampleId = String(body.samples[0]?.sample_id);
    expect((await put(secretary, '/api/receive-record', { record_id: body.record_id })).statusCode).toBe(200);
    const saved = await put(technician, '/api/update-sample-results', {
      sample_id: sampleId,
      results: [{ parameter_id: glucose, result_value: 1.26 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const moved = await put(technician, '/api/update-sample-status', {
      sample_id: sampleId,
      sample_status: SAMPLE_STATUS.removed,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    if (validate) {
      const validated = await put(biologist, '/api/validate-record', {
        record_id: body.record_id,
        sample_ids: [sampleId],
      });
      expect(validated.statusCode, validated.body).toBe(200);
    }
    return body.record_id;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    dropDir = mkdtempSync(path.join(os.tmpdir(), 'sil-exchange-'));
    ctx = await startTestApp(kind, {
      DELIVERY_POLL_SECONDS: '0',
      EXCHANGE_DROP_DIR: dropDir,
      // The results receiver stands on this machine: the operator allows loopback (issue 38).
      OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8',
    });
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const [user] = await ctx.database.db
      .select({ laboratory_id: users.laboratory_id })
      .from(users)
      .where(eq(users.admin_uid, admin.uid));
    laboratoryId = String(user?.laboratory_id);
    const catalogue = await seedCatalogue(ctx.app, admin);
    const added = await call(ctx.app, admin, 'addParameter', {
      body: {
        parameter_name: 'Glucose',
        parameter_code: 'GLU',
        parameter_loinc: '2345-7',
        parameter_unit: 'g/L',
        parameter_decimals: 2,
        parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    glucose = String(added.json<Json>().parameter_id);
    const analysis = await call(ctx.app, admin, 'addAnalysis', {
      body: {
        analysis_name: 'Glycémie à jeun',
        analysis_sample_type: catalogue.serum,
        analysis_matrix: catalogue.blood,
        analysis_parameters: [glucose],
      },
    });
    analysisId = String(analysis.json<Json>().analysis_id);
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    await receiver?.stop();
  });

  it('checks the LOINC code of a parameter, its check digit included', async () => {
    const wrong = await call(ctx.app, admin, 'addParameter', {
      body: { parameter_name: 'Sodium', parameter_loinc: '2951-3' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      details: { issues: [{ path: 'parameter_loinc', message: 'loinc' }] },
    });
    const [row] = (await call(ctx.app, admin, 'getParameter', { query: { parameter_id: glucose } })).json<
      Json[]
    >();
    expect(row?.parameter_loinc).toBe('2345-7');
  });

  it('refuses to export a record that is not validated', async () => {
    const recordId = await record(false);
    const answer = await exportAs(secretary, recordId, 'hl7');
    expect([answer.statusCode, codeOf(answer)]).toEqual([409, 'recordNotValidated']);
  });

  it('exports a validated record in the four formats, with the INS and the LOINC code', async () => {
    const recordId = await record();
    const [row] = await ctx.database.db
      .select({ number: records.record_number })
      .from(records)
      .where(eq(records.record_id, recordId));
    const files = new Map<string, ExchangeFile>();
    for (const format of ['hprim', 'hl7', 'fhir', 'cda']) {
      const answer = await exportAs(secretary, recordId, format);
      expect(answer.statusCode, answer.body).toBe(200);
      files.set(format, answer.json<ExchangeFile>());
    }
    const hl7 = files.get('hl7');
    expect(hl7?.filename).toBe(`${row?.number}-V1-HL7.hl7`);
    const message = Hl7Message.parse(String(hl7?.content));
    expect(message.getSegment('PID')?.getField(3).getComponent(1)).toBe('279035121518989');
    const obx = message.getAllSegments('OBX');
    expect(obx).toHaveLength(1);
    expect(obx[0]?.getField(3).getComponent(1)).toBe('2345-7');
    expect(obx[0]?.getField(5).toString()).toBe('1.26');
    expect(obx[0]?.getField(8).toString()).toBe('H');
    const hprim = String(files.get('hprim')?.content);
    expect(hprim).toMatch(/^H\|~\^\\&\|/);
    expect(hprim).toContain('|NM|GLU~Glucose~L||1.26|g/L|0.70-1.10|H|');
    expect(hprimProblems(hprim)).toEqual([]);
    const bundle = JSON.parse(String(files.get('fhir')?.content));
    expect(bundle.resourceType).toBe('Bundle');
    expect(JSON.stringify(bundle)).toContain('"system":"http://loinc.org","code":"2345-7"');
    const cda = String(files.get('cda')?.content);
    expect(cda).toContain('<id root="1.2.250.1.213.1.4.10" extension="279035121518989"/>');
    expect(cda).toContain('code="2345-7"');
  });

  it('sends the configured format to the file drop and by HTTP POST through the delivery jobs', async () => {
    await configure({ format: 'cda' });
    const dropped = await record();
    expect((await exchangeRow(dropped))?.delivery_state).toBe('sending');
    await runSends();
    expect((await exchangeRow(dropped))?.delivery_state).toBe('done');
    const folder = path.join(dropDir, laboratoryId);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-CDA\.xml$/);
    expect(readFileSync(path.join(folder, String(files[0])), 'utf8')).toContain('11502-2');

    await configure({ format: 'hl7', url: receiver.url });
    const posted = await record();
    await runSends();
    expect((await exchangeRow(posted))?.delivery_state).toBe('done');
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.type).toBe('application/hl7-v2; charset=utf-8');
    expect(receiver.received[0]?.body.startsWith('MSH|^~\\&|')).toBe(true);

    // Without a destination, a validated record has no exchange channel.
    await configure(null);
    expect(await exchangeRow(await record())).toBeUndefined();
  });

  it("sends a prescriber's records to the prescriber's own destination", async () => {
    const added = await call(ctx.app, admin, 'addPrescriber', {
      body: { prescriber_surname: 'LEGRAND', prescriber_name: 'Paul', prescriber_rpps: '10001234565' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const prescriber = String(added.json<Json>().prescriber_id);
    await configure({ prescribers: { [prescriber]: { format: 'fhir', url: receiver.url } } });
    // Only the prescriber has a destination: another record is not sent anywhere.
    expect(await exchangeRow(await record())).toBeUndefined();
    const before = receiver.received.length;
    const sent = await record(true, prescriber);
    await runSends();
    expect((await exchangeRow(sent))?.delivery_state).toBe('done');
    expect(receiver.received).toHaveLength(before + 1);
    const last = receiver.received.at(-1);
    expect(last?.type).toBe('application/fhir+json; charset=utf-8');
    const bundle = JSON.parse(String(last?.body));
    expect(JSON.stringify(bundle)).toContain('"system":"urn:oid:1.2.250.1.71.4.2.1","value":"10001234565"');
    await configure(null);
  });
  it('sends nothing past a redirect or to a stored address the operator did not allow (issue 38)', async () => {
    // A receiver on ::1, outside the allowed 127.0.0.0/8: where a redirect or an old setting leads.
    const hidden: string[] = [];
    const inner = await startLocalEndpoint(
      '/results',
      (body, _request, response) => {
        hidden.push(body);
        response.writeHead(202).end();
      },
      '::1',
    );
    // An allowed receiver that sends the message on (307 keeps the POST and its body).
    const redirecting = await startLocalEndpoint('/results', (_body, _request, response) => {
      response.writeHead(307, { location: inner.url }).end();
    });
    const lastError = async (recordId: string) => {
      const [row] = await ctx.database.db
        .select({ error: recordDeliveries.delivery_last_error })
        .from(recordDeliveries)
        .where(
          and(
            eq(recordDeliveries.delivery_record, recordId),
            eq(recordDeliveries.delivery_channel, 'exchange'),
          ),
        );
      return row?.error;
    };
    try {
      await configure({ format: 'hl7', url: redirecting.url });
      const redirected = await record();
      await runSends();
      expect((await exchangeRow(redirected))?.delivery_state).toBe('sending');
      expect(await lastError(redirected)).toMatch(/HTTP 307/);
      expect(hidden).toEqual([]);

      // Written before the check existed (or by hand): refused again as it is sent.
      await configure({ format: 'hl7', url: inner.url });
      const stored = await record();
      await runSends();
      expect((await exchangeRow(stored))?.delivery_state).toBe('sending');
      expect(await lastError(stored)).toMatch(/destinationNotAllowed/);
      expect(hidden).toEqual([]);
    } finally {
      await configure(null);
      await inner.stop();
      await redirecting.stop();
    }
  });

  describe('the destination set on the information screen', () => {
    const DESTINATION = '/api/get-exchange-destination';
    const UPDATE = '/api/update-exchange-destination';
    const read = async (session: Session) => {
      const answer = await call(ctx.app, session, { method: 'GET', url: DESTINATION });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Json>();
    };
    const stored = async () => {
      const [row] = await ctx.database.db
        .select({ settings: laboratories.laboratory_settings })
        .from(laboratories)
        .where(eq(laboratories.laboratory_id, laboratoryId));
      return row?.settings;
    };
    let prescriber: string;

    beforeAll(async () => {
      await configure(null);
      const added = await call(ctx.app, admin, 'addPrescriber', {
        body: { prescriber_title: 'Dr', prescriber_surname: 'MARTIN', prescriber_name: 'Claire' },
      });
      expect(added.statusCode, added.body).toBe(200);
      prescriber = String(added.json<Json>().prescriber_id);
    });

    it("sends to the URL the administrator set, and a prescriber's records to its own file drop", async () => {
      const empty = await read(secretary);
      expect(empty).toMatchObject({ exchange_format: null, exchange_url: null, exchange_prescribers: [] });
      const saved = await put(admin, UPDATE, {
        exchange_format: 'hl7',
        exchange_url: receiver.url,
        exchange_prescribers: [{ prescriber_id: prescriber, exchange_format: 'fhir', exchange_url: '' }],
        laboratory_last_updated: empty.laboratory_last_updated,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = {
        exchange_format: 'hl7',
        exchange_url: receiver.url,
        exchange_prescribers: [
          {
            prescriber_id: prescriber,
            prescriber_label: 'Dr MARTIN Claire',
            exchange_format: 'fhir',
            exchange_url: null,
          },
        ],
      };
      expect(saved.json<Json>()).toMatchObject(expected);
      expect(await read(secretary)).toMatchObject(expected);
      // The delivery jobs read the stored shape: the prescriber's drop has no URL.
      expect((await stored())?.exchange).toEqual({
        format: 'hl7',
        url: receiver.url,
        prescribers: { [prescriber]: { format: 'fhir' } },
      });

      const before = receiver.received.length;
      const posted = await record();
      expect((await exchangeRow(posted))?.delivery_recipient).toBe(receiver.url);
      const folder = path.join(dropDir, laboratoryId);
      const dropped = readdirSync(folder).length;
      const own = await record(true, prescriber);
      expect((await exchangeRow(own))?.delivery_recipient).toBe('drop');
      await runSends();
      expect((await exchangeRow(posted))?.delivery_state).toBe('done');
      expect((await exchangeRow(own))?.delivery_state).toBe('done');
      expect(receiver.received).toHaveLength(before + 1);
      expect(receiver.received.at(-1)?.type).toBe('application/hl7-v2; charset=utf-8');
      const files = readdirSync(folder);
      expect(files).toHaveLength(dropped + 1);
      expect(files.filter((file) => file.endsWith('.json'))).toHaveLength(1);
    });

    it('refuses a URL that is not http(s), an unknown prescriber, a stale form and writes nothing', async () => {
      const current = await read(admin);
      const before = await stored();
      const body = {
        exchange_format: 'cda',
        exchange_url: null,
        exchange_prescribers: [],
        laboratory_last_updated: current.laboratory_last_updated,
      };
      for (const url of ['ftp://results.example/in', 'not a url', 'https://']) {
        const answer = await put(admin, UPDATE, { ...body, exchange_url: url });
        expect([answer.statusCode, codeOf(answer)], url).toEqual([400, 'incorrectType']);
        expect(answer.json()).toMatchObject({ details: { issues: [{ path: 'exchange_url' }] } });
      }
      const ownBad = await put(admin, UPDATE, {
        ...body,
        exchange_prescribers: [
          { prescriber_id: prescriber, exchange_format: 'hl7', exchange_url: 'javascript:x' },
        ],
      });
      expect([ownBad.statusCode, codeOf(ownBad)]).toEqual([400, 'incorrectType']);
      const unknown = await put(admin, UPDATE, {
        ...body,
        exchange_prescribers: [{ prescriber_id: randomUUID(), exchange_format: 'hl7', exchange_url: null }],
      });
      expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'prescriberNotFound']);
      const twice = await put(admin, UPDATE, {
        ...body,
        exchange_prescribers: [
          { prescriber_id: prescriber, exchange_format: 'hl7', exchange_url: null },
          { prescriber_id: prescriber, exchange_format: 'cda', exchange_url: null },
        ],
      });
      expect([twice.statusCode, codeOf(twice)]).toEqual([400, 'incorrectType']);
      const urlWithoutFormat = await put(admin, UPDATE, {
        ...body,
        exchange_format: null,
        exchange_url: receiver.url,
      });
      expect([urlWithoutFormat.statusCode, codeOf(urlWithoutFormat)]).toEqual([400, 'missingData']);
      expect(urlWithoutFormat.json()).toMatchObject({ details: { issues: [{ path: 'exchange_format' }] } });
      const stale = await put(admin, UPDATE, {
        ...body,
        laboratory_last_updated: '2020-01-01T00:00:00.000Z',
      });
      expect([stale.statusCode, codeOf(stale)]).toEqual([409, 'staleUpdate']);
      expect(await stored()).toEqual(before);
      expect(await read(admin)).toEqual(current);
    });

    it('lets internal users read it and only an administrator change it', async () => {
      const current = await read(technician);
      const refused = await put(technician, UPDATE, {
        exchange_format: null,
        exchange_url: null,
        exchange_prescribers: [],
        laboratory_last_updated: current.laboratory_last_updated,
      });
      expect(refused.statusCode).toBe(403);
      const clinic = await login(ctx.app, 'clinique@demo.lab');
      const hidden = await call(ctx.app, clinic, { method: 'GET', url: DESTINATION });
      expect(hidden.statusCode).toBe(403);
      expect((await stored())?.exchange).toBeDefined();

      // Nothing to send: the setting is removed, records are not sent anywhere.
      const cleared = await put(admin, UPDATE, {
        exchange_format: null,
        exchange_url: null,
        exchange_prescribers: [],
        laboratory_last_updated: current.laboratory_last_updated,
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect((await stored())?.exchange).toBeUndefined();
      expect(await exchangeRow(await record())).toBeUndefined();
    });
  });
});
