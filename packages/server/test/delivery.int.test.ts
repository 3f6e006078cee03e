import { type AddPatientBody, RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import type { RouteAnswer } from '@sil/contract/routes';
import { pdfPageCount } from '@sil/documents';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineReportOpenings, recordReports, records } from '../src/db/schema/index.js';
import { databaseRefusal } from '../src/lib/errors.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { MAX_ATTEMPTS } from '../src/modules/delivery/sending.js';
import { apiClient } from './client.js';
import { addGlucosePanel, aPatient, signInStaff } from './factories.js';
import { codeOf, DATABASES, type Session, startTestApp, stopTestApp, type TestContext } from './helpers.js';
import { startLocalEndpoint } from './local-endpoint.js';
import { startSmtpServer } from './smtp.js';

type Json = Record<string, unknown>;
type Deliveries = RouteAnswer<'getRecordDeliveries'>;

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

  const as = (session: Session) => apiClient(ctx.app, session);
  const deliveriesOf = (recordId: string) => as(secretary).getRecordDeliveries({ record_id: recordId });
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
  // By hand: the throttle counts by the client's address, which a call of the route table does not set.
  const openOnline = (payload: Json, ip = '203.0.113.9') =>
    ctx.app.inject({ method: 'POST', url: '/api/open-online-report', payload, remoteAddress: ip });

  /** A record with the given channels, taken through the bench and validated. */
  const validatedRecord = async (record: Partial<AddPatientBody>, patient: Partial<AddPatientBody> = {}) => {
    const created = await as(secretary).addPatient({
      ...aPatient({
        patient_surname: 'Remise',
        patient_name: 'Paul',
        patient_gender: 'M',
        patient_dob: '1968-02-29',
        ...patient,
      }),
      ...record,
      record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId] }],
    });
    const sampleId = String(created.samples[0]?.sample_id);
    await as(secretary).receiveRecord({ record_id: created.record_id });
    await as(technician).updateSampleResults({
      sample_id: sampleId,
      results: [{ parameter_id: glucose, result_value: 1.26 }],
    });
    await as(technician).updateSampleStatus({ sample_id: sampleId, sample_status: SAMPLE_STATUS.removed });
    await as(biologist).validateRecord({ record_id: created.record_id, sample_ids: [sampleId] });
    const [row] = await ctx.database.db
      .select({ record_password: records.record_password })
      .from(records)
      .where(eq(records.record_id, created.record_id));
    return {
      recordId: created.record_id,
      number: created.record_number,
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
    ({ glucose, panel: analysisId } = await addGlucosePanel(ctx.app, admin));
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
      const state = await as(secretary).markDeliveryDone({ delivery_id: channel(opened, name).delivery_id });
      expect(channel(state, name)).toMatchObject({
        delivery_state: 'done',
        delivery_done_by: secretary.uid,
        delivery_done_at: expect.any(String),
      });
      expect(state.record_status).toBe(
        index === names.length - 1 ? RECORD_STATUS.sent : RECORD_STATUS.pendingSubmission,
      );
    }
    const again = await as(secretary).send('markDeliveryDone', {
      body: { delivery_id: channel(opened, 'paper').delivery_id },
    });
    expect(codeOf(again)).toBe('deliveryAlreadyDone');
    const [sample] = await as(admin).getSample({ sample_id: record.sampleId });
    expect(sample?.sample_status).toBe(SAMPLE_STATUS.reportSent);
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

    const batch = await as(secretary).printDeliveryBatch({ delivery_ids: chosen });
    expect(batch.delivery_ids).toEqual(chosen);
    expect(batch.pages).toBe(expectedPages);
    expect(await pdfPageCount(Buffer.from(batch.pdf_base64, 'base64'))).toBe(expectedPages);
    expect(batch.filename).toMatch(/LOT DE 3 COMPTES RENDUS\.pdf$/);
    // Printing alone marks nothing: a jammed printer leaves the work list as it was.
    expect(channel(await deliveriesOf(both.recordId), 'paper').delivery_state).toBe('pending');

    const phone = channel(await deliveriesOf(phoned.recordId), 'phone').delivery_id;
    for (const name of ['printDeliveryBatch', 'markDeliveriesPrinted']) {
      const refused = await as(secretary).send(name, { body: { delivery_ids: [chosen[0], phone] } });
      expect(codeOf(refused)).toBe('deliveryNotPrintable');
    }
    // The refused confirmation changed nothing.
    expect(channel(await deliveriesOf(both.recordId), 'paper').delivery_state).toBe('pending');

    expect(await as(secretary).markDeliveriesPrinted({ delivery_ids: chosen })).toEqual({
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
    const again = await as(secretary).send('markDeliveriesPrinted', { body: { delivery_ids: [chosen[1]] } });
    expect(codeOf(again)).toBe('deliveryAlreadyDone');
  });

  it('ticks the phone checklist person by person; the channel is done with the last', async () => {
    const record = await validatedRecord({
      record_must_phone: true,
      record_persons_to_phone: ['patient', 'prescriber'],
    });
    const opened = await deliveriesOf(record.recordId);
    expect(opened.calls.map((each) => each.call_person)).toEqual(['patient', 'prescriber']);
    const early = await as(secretary).send('markDeliveryDone', {
      body: { delivery_id: channel(opened, 'phone').delivery_id },
    });
    expect(codeOf(early)).toBe('phoneCallsPending');
    const callOf = (index: number) => String(opened.calls[index]?.call_id);
    const first = await as(secretary).markPhoneCallDone({ call_id: callOf(0) });
    expect(channel(first, 'phone').delivery_state).toBe('pending');
    const state = await as(secretary).markPhoneCallDone({ call_id: callOf(1) });
    expect(state.calls.every((each) => each.call_done_by === secretary.uid && each.call_done_at)).toBe(true);
    expect(channel(state, 'phone')).toMatchObject({
      delivery_state: 'done',
      delivery_done_by: secretary.uid,
    });
    expect(state.record_status).toBe(RECORD_STATUS.sent);
    const twice = await as(secretary).send('markPhoneCallDone', { body: { call_id: callOf(0) } });
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
    const listed = await as(secretary).getDeliveryWorklist({ channel: 'online', state: 'failed' });
    expect(listed.map((row) => row.delivery_id)).toContain(failed.delivery_id);
    const notFailed = await as(secretary).send('retryDelivery', {
      body: { delivery_id: channel(state, 'fax').delivery_id },
    });
    expect(codeOf(notFailed)).toBe('deliveryNotRetryable');
    await direct(
      sql`UPDATE patients SET patient_email = 'orphan@example.org' WHERE patient_id = (SELECT record_patient FROM records WHERE record_id = ${orphan.recordId})`,
    );
    await as(secretary).retryDelivery({ delivery_id: failed.delivery_id });
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
    const listed = await as(secretary).getDeliveryWorklist({ channel: 'fax', state: 'failed' });
    expect(listed.map((row) => row.record_number)).toContain(record.number);
    // Staff may still send it another way and say so.
    const byHand = await as(secretary).markDeliveryDone({ delivery_id: channel(state, 'fax').delivery_id });
    expect(byHand.record_status).toBe(RECORD_STATUS.sent);
  });

  it('holds a send back while its record is invalidated, and sends it once validated again', async () => {
    const address = 'reprise@example.org';
    const record = await validatedRecord({ record_must_online: true }, { patient_email: address });
    await as(biologist).invalidateRecord({
      record_id: record.recordId,
      sample_ids: [record.sampleId],
      reason: 'Glycémie à recontrôler',
    });
    await runSends();
    expect(channel(await deliveriesOf(record.recordId), 'online')).toMatchObject({
      delivery_state: 'failed',
      delivery_last_error: 'recordNotValidated',
    });
    expect(smtp.inbox.some((each) => each.to.includes(address))).toBe(false);
    await as(biologist).validateRecord({ record_id: record.recordId, sample_ids: [record.sampleId] });
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
    const worklist = await as(secretary).getDeliveryWorklist({ channel: 'paper' });
    expect(worklist.map((row) => row.record_number)).toContain(record.number);
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
