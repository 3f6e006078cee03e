import { RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import { pdfPageCount } from '@sil/documents';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineReportOpenings, recordReports, records } from '../src/db/schema/index.js';
import { databaseRefusal } from '../src/lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { MAX_ATTEMPTS } from '../src/modules/delivery/sending.js';
import { seedCatalogue, signInStaff } from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';
import { startLocalEndpoint } from './local-endpoint.js';
import { startSmtpServer } from './smtp.js';

type Json = Record<string, unknown>;
interface Delivery {
  delivery_id: string;
  delivery_channel: string;
  delivery_state: string;
  delivery_attempts: number;
  delivery_last_error: string | null;
  delivery_done_by: string | null;
  delivery_done_at: string | null;
}
interface Deliveries {
  record_status: number;
  deliveries: Delivery[];
  calls: Array<{
    call_id: string;
    call_person: string;
    call_done_by: string | null;
    call_done_at: string | null;
  }>;
}

/** A number the gateway below never reaches. */
const UNREACHABLE_FAX = '+33199999999';

/**
 * A fax gateway on a local port that refuses its first `failures` faxes, then takes them; a fax to
 * UNREACHABLE_FAX is always refused.
 */
async function startFaxGateway(failures: number) {
  const received: Array<{ to: string; filename: string; pdf_base64: string }> = [];
  let refused = 0;
  const endpoint = await startLocalEndpoint('/fax', (body, _request, response) => {
    const fax = JSON.parse(body);
    if (fax.to === UNREACHABLE_FAX) {
      response.writeHead(502).end();
      return;
    }
    if (refused < failures) {
      refused++;
      response.writeHead(503).end();
      return;
    }
    received.push(fax);
    response.writeHead(200).end('{}');
  });
  return { ...endpoint, received };
}

/**
 * Delivery of the report (issue 15): every channel from pending to done with who and when, the
 * phone checklist, the e-mail read back from a real SMTP server, the fax retried after its gateway
 * failed, 'sent' only once nothing is pending (also against a direct write), and the patient's
 * online opening refused, throttled and traced.
 */
describe.each(DATABASES)('report delivery on %s', (kind) => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let fax: Awaited<ReturnType<typeof startFaxGateway>>;
  let admin: Session;
  let biologist: Session;
  let technician: Session;
  let secretary: Session;
  let analysisId: string;
  let glucose: string;

  const put = (session: Session, url: string, payload: Json) =>
    call(ctx.app, session, { method: 'PUT', url, payload });
  const deliveriesOf = async (recordId: string) => {
    const answer = await call(ctx.app, secretary, 'getRecordDeliveries', { query: { record_id: recordId } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Deliveries>();
  };
  const channel = (state: Deliveries, name: string) => {
    const found = state.deliveries.find((each) => each.delivery_channel === name);
    if (!found) throw new Error(`no ${name} channel`);
    return found;
  };
  /** A write made as the system would make it, outside the API. */
  const direct = (query: SQL) => writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) => tx.execute(query));
  /** The sends are due at once or after their backoff: tests bring the time forward rather than wait. */
  const runSends = async () => {
    await direct(
      sql`UPDATE record_deliveries SET delivery_next_attempt_at = now() - interval '1 second' WHERE delivery_state = 'sending'`,
    );
    return ctx.app.sending.runDue();
  };
  const openOnline = (payload: Json, ip = '203.0.113.9') =>
    ctx.app.inject({ method: 'POST', url: '/api/open-online-report', payload, remoteAddress: ip });

  /** A record with the given channels, taken through the bench and validated. */
  const validatedRecord = async (record: Json, patient: Json = {}) => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Remise',
        patient_name: 'Paul',
        patient_gender: 'M',
        patient_dob: '1968-02-29',
        ...patient,
        ...record,
        record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId] }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<{
      record_id: string;
      record_number: string;
      samples: Array<{ sample_id: string }>;
    }>();
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
    const validated = await put(biologist, '/api/validate-record', {
      record_id: body.record_id,
      sample_ids: [sampleId],
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const [row] = await ctx.database.db
      .select({ record_password: records.record_password })
      .from(records)
      .where(eq(records.record_id, body.record_id));
    return {
      recordId: body.record_id,
      number: body.record_number,
      sampleId,
      password: String(row?.record_password),
    };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    fax = await startFaxGateway(2);
    ctx = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      FAX_GATEWAY_URL: fax.url,
      DELIVERY_POLL_SECONDS: '0',
      THROTTLE_FREE_FAILURES: '3',
    });
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    const added = await call(ctx.app, admin, 'addParameter', {
      body: {
        parameter_name: 'Glucose',
        parameter_unit: 'g/L',
        parameter_decimals: 2,
        parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
      },
    });
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
    await smtp?.stop();
    await fax?.stop();
  });

  it('makes the chosen channels pending at validation and sends the record once all are done', async () => {
    const record = await validatedRecord({
      record_must_paper: true,
      record_must_post: true,
      record_must_insurance_report: true,
      record_must_occupational_physician: true,
    });
    const opened = await deliveriesOf(record.recordId);
    expect(opened.record_status).toBe(RECORD_STATUS.pendingSubmission);
    expect(opened.deliveries.map((each) => [each.delivery_channel, each.delivery_state]).sort()).toEqual([
      ['insurance_report', 'pending'],
      ['occupational_physician', 'pending'],
      ['paper', 'pending'],
      ['post', 'pending'],
    ]);
    const [flags] = await ctx.database.db
      .select({
        record_pending_paper: records.record_pending_paper,
        record_pending_post: records.record_pending_post,
        record_pending_fax: records.record_pending_fax,
      })
      .from(records)
      .where(eq(records.record_id, record.recordId));
    expect(flags).toEqual({
      record_pending_paper: true,
      record_pending_post: true,
      record_pending_fax: false,
    });

    const names = ['paper', 'post', 'insurance_report', 'occupational_physician'];
    for (const [index, name] of names.entries()) {
      const answer = await put(secretary, '/api/mark-delivery-done', {
        delivery_id: channel(opened, name).delivery_id,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const state = answer.json<Deliveries>();
      expect(channel(state, name)).toMatchObject({
        delivery_state: 'done',
        delivery_done_by: secretary.uid,
        delivery_done_at: expect.any(String),
      });
      expect(state.record_status).toBe(
        index === names.length - 1 ? RECORD_STATUS.sent : RECORD_STATUS.pendingSubmission,
      );
    }
    const again = await put(secretary, '/api/mark-delivery-done', {
      delivery_id: channel(opened, 'paper').delivery_id,
    });
    expect(codeOf(again)).toBe('deliveryAlreadyDone');
    const sample = await call(ctx.app, admin, 'getSample', { query: { sample_id: record.sampleId } });
    expect(sample.json<Json[]>()[0]?.sample_status).toBe(SAMPLE_STATUS.reportSent);
  });

  it('prints paper and post in one batch of the stored reports, done only once the user confirms', async () => {
    const both = await validatedRecord({ record_must_paper: true, record_must_post: true });
    const postOnly = await validatedRecord({ record_must_post: true });
    const phoned = await validatedRecord({ record_must_phone: true });
    const bothState = await deliveriesOf(both.recordId);
    const chosen = [
      channel(bothState, 'paper').delivery_id,
      channel(await deliveriesOf(postOnly.recordId), 'post').delivery_id,
      channel(bothState, 'post').delivery_id,
    ];
    const storedPages = async (recordId: string) => {
      const [stored] = await ctx.database.db
        .select({ pdf: recordReports.report_pdf })
        .from(recordReports)
        .where(eq(recordReports.report_record, recordId));
      return pdfPageCount(Buffer.from(stored?.pdf ?? []));
    };
    const expectedPages = 2 * (await storedPages(both.recordId)) + (await storedPages(postOnly.recordId));

    const printed = await call(ctx.app, secretary, 'printDeliveryBatch', { body: { delivery_ids: chosen } });
    expect(printed.statusCode, printed.body).toBe(200);
    const batch = printed.json<{
      filename: string;
      pdf_base64: string;
      pages: number;
      delivery_ids: string[];
    }>();
    expect(batch.delivery_ids).toEqual(chosen);
    expect(batch.pages).toBe(expectedPages);
    expect(await pdfPageCount(Buffer.from(batch.pdf_base64, 'base64'))).toBe(expectedPages);
    expect(batch.filename).toMatch(/LOT DE 3 COMPTES RENDUS\.pdf$/);
    // Printing alone marks nothing: a jammed printer leaves the work list as it was.
    expect(channel(await deliveriesOf(both.recordId), 'paper').delivery_state).toBe('pending');

    const phone = channel(await deliveriesOf(phoned.recordId), 'phone').delivery_id;
    for (const url of ['/api/print-delivery-batch', '/api/mark-deliveries-printed']) {
      const refused = await call(ctx.app, secretary, {
        method: url.includes('print-delivery') ? 'POST' : 'PUT',
        url,
        payload: { delivery_ids: [chosen[0], phone] },
      });
      expect(codeOf(refused)).toBe('deliveryNotPrintable');
    }
    // The refused confirmation changed nothing.
    expect(channel(await deliveriesOf(both.recordId), 'paper').delivery_state).toBe('pending');

    const confirmed = await put(secretary, '/api/mark-deliveries-printed', { delivery_ids: chosen });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ done: string[]; sent_records: string[] }>()).toEqual({
      done: chosen,
      sent_records: [both.recordId, postOnly.recordId].sort(),
    });
    const after = await deliveriesOf(both.recordId);
    for (const name of ['paper', 'post'])
      expect(channel(after, name)).toMatchObject({
        delivery_state: 'done',
        delivery_done_by: secretary.uid,
        delivery_done_at: expect.any(String),
      });
    expect(after.record_status).toBe(RECORD_STATUS.sent);
    const again = await put(secretary, '/api/mark-deliveries-printed', { delivery_ids: [chosen[1]] });
    expect(codeOf(again)).toBe('deliveryAlreadyDone');
  });

  it('ticks the phone checklist person by person; the channel is done with the last', async () => {
    const record = await validatedRecord({
      record_must_phone: true,
      record_persons_to_phone: ['patient', 'prescriber'],
    });
    const opened = await deliveriesOf(record.recordId);
    expect(opened.calls.map((each) => each.call_person)).toEqual(['patient', 'prescriber']);
    const early = await put(secretary, '/api/mark-delivery-done', {
      delivery_id: channel(opened, 'phone').delivery_id,
    });
    expect(codeOf(early)).toBe('phoneCallsPending');
    const first = await put(secretary, '/api/mark-phone-call-done', { call_id: opened.calls[0]?.call_id });
    expect(first.statusCode, first.body).toBe(200);
    expect(channel(first.json<Deliveries>(), 'phone').delivery_state).toBe('pending');
    const last = await put(secretary, '/api/mark-phone-call-done', { call_id: opened.calls[1]?.call_id });
    const state = last.json<Deliveries>();
    expect(state.calls.every((each) => each.call_done_by === secretary.uid && each.call_done_at)).toBe(true);
    expect(channel(state, 'phone')).toMatchObject({
      delivery_state: 'done',
      delivery_done_by: secretary.uid,
    });
    expect(state.record_status).toBe(RECORD_STATUS.sent);
    const twice = await put(secretary, '/api/mark-phone-call-done', { call_id: opened.calls[0]?.call_id });
    expect(codeOf(twice)).toBe('deliveryAlreadyDone');
  });

  it('e-mails the report to the patient through the SMTP server', async () => {
    const record = await validatedRecord(
      { record_must_online: true },
      { patient_email: 'paul.remise@example.org' },
    );
    expect(channel(await deliveriesOf(record.recordId), 'online').delivery_state).toBe('sending');
    await runSends();
    const mail = smtp.inbox.find((each) => each.to.includes('paul.remise@example.org'));
    expect(mail?.raw).toContain(record.number);
    expect(mail?.raw).toContain('application/pdf');
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain('https://lab.example/online-report');
    const state = await deliveriesOf(record.recordId);
    expect(channel(state, 'online')).toMatchObject({ delivery_state: 'done', delivery_done_by: null });
    expect(state.record_status).toBe(RECORD_STATUS.sent);
  });

  it('retries a fax after its gateway failed; a send without an address fails, is listed, and is retried by hand', async () => {
    const record = await validatedRecord({ record_must_fax: true, record_fax_number: '+33140000000' });
    await runSends();
    let state = await deliveriesOf(record.recordId);
    expect(channel(state, 'fax')).toMatchObject({
      delivery_state: 'sending',
      delivery_attempts: 1,
      delivery_last_error: 'Fax gateway answered 503',
    });
    await runSends();
    await runSends();
    state = await deliveriesOf(record.recordId);
    expect(channel(state, 'fax')).toMatchObject({ delivery_state: 'done', delivery_attempts: 3 });
    expect(fax.received.at(-1)).toMatchObject({ to: '+33140000000', pdf_base64: expect.any(String) });
    expect(state.record_status).toBe(RECORD_STATUS.sent);

    // Without an address the send fails at once; it is listed, and retried by hand once fixed.
    const orphan = await validatedRecord({ record_must_online: true });
    await runSends();
    const failed = channel(await deliveriesOf(orphan.recordId), 'online');
    expect(failed).toMatchObject({ delivery_state: 'failed', delivery_last_error: 'noRecipient' });
    const listed = await call(ctx.app, secretary, 'getDeliveryWorklist', {
      query: { channel: 'online', state: 'failed' },
    });
    expect(listed.json<Array<{ delivery_id: string }>>().map((row) => row.delivery_id)).toContain(
      failed.delivery_id,
    );
    const notFailed = await put(secretary, '/api/retry-delivery', {
      delivery_id: channel(state, 'fax').delivery_id,
    });
    expect(codeOf(notFailed)).toBe('deliveryNotRetryable');
    await direct(
      sql`UPDATE patients SET patient_email = 'orphan@example.org' WHERE patient_id = (SELECT record_patient FROM records WHERE record_id = ${orphan.recordId})`,
    );
    const retried = await put(secretary, '/api/retry-delivery', { delivery_id: failed.delivery_id });
    expect(retried.statusCode, retried.body).toBe(200);
    await runSends();
    expect(smtp.inbox.some((each) => each.to.includes('orphan@example.org'))).toBe(true);
    expect((await deliveriesOf(orphan.recordId)).record_status).toBe(RECORD_STATUS.sent);
  });

  it('gives a send up after its last try: failed, listed, the record still awaiting submission', async () => {
    const record = await validatedRecord({ record_must_fax: true, record_fax_number: UNREACHABLE_FAX });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runSends();
      const state = channel(await deliveriesOf(record.recordId), 'fax');
      expect(state).toMatchObject({
        delivery_attempts: attempt,
        delivery_state: attempt === MAX_ATTEMPTS ? 'failed' : 'sending',
        delivery_last_error: 'Fax gateway answered 502',
      });
    }
    const state = await deliveriesOf(record.recordId);
    expect(state.record_status).toBe(RECORD_STATUS.pendingSubmission);
    const listed = await call(ctx.app, secretary, 'getDeliveryWorklist', {
      query: { channel: 'fax', state: 'failed' },
    });
    expect(listed.json<Array<{ record_number: string }>>().map((row) => row.record_number)).toContain(
      record.number,
    );
    // Staff may still send it another way and say so.
    const byHand = await put(secretary, '/api/mark-delivery-done', {
      delivery_id: channel(state, 'fax').delivery_id,
    });
    expect(byHand.json<Deliveries>().record_status).toBe(RECORD_STATUS.sent);
  });

  it('holds a send back while its record is invalidated, and sends it once validated again', async () => {
    const address = 'reprise@example.org';
    const record = await validatedRecord({ record_must_online: true }, { patient_email: address });
    const back = await put(biologist, '/api/invalidate-record', {
      record_id: record.recordId,
      sample_ids: [record.sampleId],
      reason: 'Glycémie à recontrôler',
    });
    expect(back.statusCode, back.body).toBe(200);
    await runSends();
    expect(channel(await deliveriesOf(record.recordId), 'online')).toMatchObject({
      delivery_state: 'failed',
      delivery_last_error: 'recordNotValidated',
    });
    expect(smtp.inbox.some((each) => each.to.includes(address))).toBe(false);
    const again = await put(biologist, '/api/validate-record', {
      record_id: record.recordId,
      sample_ids: [record.sampleId],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(channel(await deliveriesOf(record.recordId), 'online').delivery_state).toBe('sending');
    await runSends();
    expect(smtp.inbox.some((each) => each.to.includes(address))).toBe(true);
    expect((await deliveriesOf(record.recordId)).record_status).toBe(RECORD_STATUS.sent);
  });

  it('never lets a record be sent while a channel is pending, even by a direct write', async () => {
    const record = await validatedRecord({ record_must_paper: true });
    const refusal = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      await tx.execute(sql`select set_config('sil.action', 'delivery', true)`);
      await tx.execute(sql`UPDATE records SET record_status = 5 WHERE record_id = ${record.recordId}`);
    }).then(
      () => 'accepted',
      (error: unknown) => databaseRefusal(error)?.code ?? String(error),
    );
    expect(refusal).toBe('deliveryPending');
    const worklist = await call(ctx.app, secretary, 'getDeliveryWorklist', { query: { channel: 'paper' } });
    expect(worklist.statusCode).toBe(200);
    expect(worklist.json<Array<{ record_number: string }>>().map((row) => row.record_number)).toContain(
      record.number,
    );
  });

  it('opens the report online with the password label and birth date only, traced and throttled', async () => {
    const record = await validatedRecord({ record_must_online: true }, { patient_dob: '1990-07-14' });
    const good = {
      record_number: record.number,
      record_password: record.password,
      patient_dob: '1990-07-14',
    };
    expect(codeOf(await openOnline({ ...good, record_password: 'faux' }, '198.51.100.1'))).toBe(
      'incorrectReportCredentials',
    );
    expect(codeOf(await openOnline({ ...good, patient_dob: '1990-07-15' }, '198.51.100.1'))).toBe(
      'incorrectReportCredentials',
    );
    const opened = await openOnline(good, '198.51.100.2');
    expect(opened.statusCode, opened.body).toBe(200);
    const report = opened.json<{ record_number: string; pdf_base64: string }>();
    expect(report.record_number).toBe(record.number);
    expect(Buffer.from(report.pdf_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // The patient's own opening completes the online channel.
    expect(channel(await deliveriesOf(record.recordId), 'online').delivery_state).toBe('done');

    const traced = (
      await ctx.database.db
        .select({ granted: onlineReportOpenings.opening_granted })
        .from(onlineReportOpenings)
        .where(eq(onlineReportOpenings.opening_record_number, record.number))
        .orderBy(asc(onlineReportOpenings.opening_at))
    ).map((row) => row.granted);
    expect(traced).toEqual([false, false, true]);

    let last = '';
    for (let attempt = 0; attempt < 6; attempt++)
      last = String(codeOf(await openOnline({ ...good, record_password: `faux${attempt}` }, '198.51.100.3')));
    expect(last).toBe('tooManyAttempts');
    // Once throttled, even the right data waits.
    expect(codeOf(await openOnline(good, '198.51.100.3'))).toBe('tooManyAttempts');
  });
});
