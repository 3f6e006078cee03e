import { createHash } from 'node:crypto';
import { type AddPatientBody, RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import type { RouteAnswer, RouteBody } from '@sil/contract/routes';
import { storedPdfText } from '@sil/documents/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema/index.js';
import { apiClient } from './client.js';
import {
  addGlucosePanel,
  type GlucosePanel,
  pendingRecord,
  signInStaff,
  staffRecord,
  validatedRecord as validatedThroughBench,
} from './factories.js';
import {
  codeOf,
  DATABASES,
  digest,
  directWrite,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';
import { startLocalEndpoint } from './local-endpoint.js';
import { startSmtpServer } from './smtp.js';

type Json = Record<string, unknown>;
type PatientChanges = RouteBody<'updatePatient'>;
type Deliveries = RouteAnswer<'getRecordDeliveries'>;

/** The stored PDFs are deflated; inflating their streams lets the test read the text a reader sees. */
function readable(pdf: Buffer): string {
  // One line of the report may wrap over several: the mention is read as one text.
  return storedPdfText(pdf).replace(/\s+/g, ' ');
}

/** DD/MM/YYYY à HH:mm of an instant, Paris time: how the report prints a validation. */
function parisWhen(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} à ${parts.hour}:${parts.minute}`;
}

/**
 * Amendments after validation (issue 37, decision 0023): the identity, clinic and prescriber of a
 * validated record change only through an amendment; a sent record is invalidated with a reason,
 * corrected and validated again; the new version says what it replaces, the earlier one stays, every
 * channel served before gets the new one, and the clinic that sees the record follows the owner.
 */
describe.each(DATABASES)('amendments after validation on %s', (kind) => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let fax: Awaited<ReturnType<typeof startLocalEndpoint>>;
  const faxes: Array<{ to: string; filename: string; pdf_base64: string }> = [];
  let admin: Session;
  let biologist: Session;
  let technician: Session;
  let secretary: Session;
  let lilas: Session;
  let tilleuls: Session;
  let ids: GlucosePanel;
  let clinics: { lilas: string; tilleuls: string };
  let prescribers: { first: string; second: string };

  const as = (session: Session) => apiClient(ctx.app, session);
  const recordOf = (recordId: string) => staffRecord(ctx.app, admin, recordId);
  const traceOf = (recordId: string) => as(admin).getRecordTrace({ record_id: recordId });
  const versionsOf = (recordId: string, session = biologist) =>
    as(session).getReportVersions({ record_id: recordId });
  const download = async (reportId: string, session = biologist) => {
    const response = await as(session).send('downloadReport', { query: { report_id: reportId } });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };
  const deliveriesOf = (recordId: string) => as(secretary).getRecordDeliveries({ record_id: recordId });
  const stateOf = (state: Deliveries, channel: string) =>
    state.deliveries.find((row) => row.delivery_channel === channel)?.delivery_state;
  const runSends = async () => {
    await directWrite(ctx.database.db, (tx) =>
      tx.execute(
        sql`UPDATE record_deliveries SET delivery_next_attempt_at = now() - interval '1 second' WHERE delivery_state = 'sending'`,
      ),
    );
    await ctx.app.sending.runDue();
  };
  const validate = (recordId: string, sampleIds: string[]) =>
    as(biologist).validateRecord({ record_id: recordId, sample_ids: sampleIds });
  const invalidate = (recordId: string, sampleIds: string[], reason: string) =>
    as(biologist).invalidateRecord({ record_id: recordId, sample_ids: sampleIds, reason });
  const updatePatient = (body: PatientChanges) => as(secretary).updatePatient(body);
  const refusedUpdate = (body: PatientChanges) => as(secretary).send('updatePatient', { body });
  /** Serves the paper copy and the phone calls, as the front desk marks them done. */
  const serveByHand = async (state: Deliveries) => {
    const paper = state.deliveries.find((row) => row.delivery_channel === 'paper');
    await as(secretary).markDeliveryDone({ delivery_id: String(paper?.delivery_id) });
    for (const phoneCall of state.calls)
      await as(secretary).markPhoneCallDone({ call_id: phoneCall.call_id });
  };

  /** A new patient's record of the panel and the count, through the bench and validated in full. */
  const validatedRecord = (fields: Partial<AddPatientBody> = {}, surname = 'Amende') =>
    validatedThroughBench(
      ctx.app,
      { admin, secretary, technician, biologist },
      ids,
      { patient_surname: surname, patient_name: 'Claire', patient_dob: '1979-06-02', ...fields },
      1.26,
    );

  beforeAll(async () => {
    smtp = await startSmtpServer();
    fax = await startLocalEndpoint('/fax', (body, _request, response) => {
      faxes.push(JSON.parse(body));
      response.writeHead(200).end('{}');
    });
    ctx = await startTestApp(kind, { SMTP_URL: smtp.url, FAX_GATEWAY_URL: fax.url });
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    lilas = await login(ctx.app, 'clinique@demo.lab');
    const prescriber = await login(ctx.app, 'prescripteur@demo.lab');
    prescribers = {
      first: String((await as(prescriber).getUserData()).rights.prescriber_id),
      second: String(
        (
          await as(admin)
            .reference('prescribers')
            .add({ prescriber_surname: 'Second', prescriber_name: 'Avis' })
        ).prescriber_id,
      ),
    };
    const lilasId = String((await as(lilas).getUserData()).rights.clinic_id);
    const tilleulsId = String(
      (
        await as(admin)
          .reference('clinics')
          .add({ clinic_name: 'Clinique des Tilleuls', clinic_code: 'TILLEULS' })
      ).clinic_id,
    );
    clinics = { lilas: lilasId, tilleuls: tilleulsId };
    await as(admin).addNewExternalUser({
      user_name: 'Accueil Tilleuls',
      user_email: 'accueil@tilleuls.example',
      clinic_id: tilleulsId,
      external_account_type: 'medical',
      user_password: digest('Tilleuls-2026!'),
    });
    tilleuls = await login(ctx.app, 'accueil@tilleuls.example', digest('Tilleuls-2026!'));
    ids = await addGlucosePanel(ctx.app, admin);
  }, 120_000);
  afterAll(async () => {
    await stopTestApp(ctx);
    await smtp?.stop();
    await fax?.stop();
  });

  it('refuses a change of identity, clinic or prescriber on a validated record, writing nothing', async () => {
    const validated = await validatedRecord({
      record_owner: clinics.lilas,
      record_prescriber: prescribers.first,
    });
    const before = await recordOf(validated.recordId);
    expect(before.record_status).toBe(RECORD_STATUS.pendingSubmission);
    const patient = before.patient;
    const traceBefore = await traceOf(validated.recordId);
    const onPatient = (changes: PatientChanges): PatientChanges => ({
      patient_id: patient.patient_id,
      patient_last_updated: patient.patient_last_updated,
      ...changes,
    });
    const onRecord = (changes: PatientChanges): PatientChanges => ({
      record_id: validated.recordId,
      record_last_updated: before.record_last_updated,
      ...changes,
    });
    const refusals = [
      [await refusedUpdate(onPatient({ patient_surname: 'Autrenom' })), ['patient_surname']],
      [
        await refusedUpdate(onPatient({ patient_name: 'Clara', patient_dob: '1979-06-03' })),
        ['patient_name', 'patient_dob'],
      ],
      [await refusedUpdate(onPatient({ patient_gender: 'M' })), ['patient_gender']],
      [await refusedUpdate(onRecord({ record_owner: clinics.tilleuls })), ['record_owner']],
      [await refusedUpdate(onRecord({ record_prescriber: prescribers.second })), ['record_prescriber']],
      // With another change beside it, the whole call is refused.
      [
        await refusedUpdate(
          onRecord({ record_owner: clinics.tilleuls, record_internal_notes: 'Changer de clinique' }),
        ),
        ['record_owner'],
      ],
      [
        await refusedUpdate({
          patient_id: patient.patient_id,
          patient_last_updated: patient.patient_last_updated,
          patient_phone_num: '+33612345678',
          record_id: validated.recordId,
          record_last_updated: before.record_last_updated,
          record_prescriber: prescribers.second,
        }),
        ['record_prescriber'],
      ],
    ] as const;
    for (const [response, fields] of refusals) {
      expect([response.statusCode, codeOf(response)], response.body).toEqual([409, 'amendmentRequired']);
      expect(response.json<{ details: Json }>().details).toMatchObject({
        fields,
        records: [{ record_id: validated.recordId, record_number: before.record_number }],
      });
    }
    // Nothing was written: the same stamps, values and trail.
    const after = await recordOf(validated.recordId);
    expect(after).toMatchObject({
      record_last_updated: before.record_last_updated,
      record_owner: clinics.lilas,
      record_prescriber: prescribers.first,
      record_internal_notes: null,
      patient: {
        patient_last_updated: patient.patient_last_updated,
        patient_surname: 'Amende',
        patient_phone_num: null,
      },
    });
    expect(await traceOf(validated.recordId)).toHaveLength(traceBefore.length);

    // The database refuses the same, whatever writes it.
    expect(
      await directWrite(ctx.database.db, (tx) =>
        tx.execute(
          sql`UPDATE patients SET patient_surname = 'Direct' WHERE patient_id = ${patient.patient_id}`,
        ),
      ),
    ).toBe('amendmentRequired');
    expect(
      await directWrite(ctx.database.db, (tx) =>
        tx.execute(
          sql`UPDATE records SET record_owner = ${clinics.tilleuls} WHERE record_id = ${validated.recordId}`,
        ),
      ),
    ).toBe('amendmentRequired');

    // What the report does not carry stays editable, and an empty identity value may be filled.
    await updatePatient(onRecord({ record_internal_notes: 'Rappeler la clinique', record_must_paper: true }));
    await updatePatient(onPatient({ patient_birth_name: 'Naissance', patient_phone_num: '+33612345678' }));
  });

  it("refuses a patient's identity change while any of their records is validated, partly included", async () => {
    const partly = await pendingRecord(
      ctx.app,
      { admin, secretary, technician },
      ids,
      { patient_surname: 'Partiel', patient_name: 'Léa', patient_gender: 'F', patient_dob: '1990-01-15' },
      0.9,
    );
    await validate(partly.recordId, [partly.panel]);
    const read = await recordOf(partly.recordId);
    expect(read.record_status).toBe(RECORD_STATUS.pendingValidation);
    const patient = read.patient;
    // A second record of the patient, not validated: the first still holds the identity.
    await as(secretary).addPatient({
      patient_id: patient.patient_id,
      record_selected_analyses: [{ combination: 1, analysis_ids: [ids.count] }],
    });
    const renaming: PatientChanges = {
      patient_id: patient.patient_id,
      patient_last_updated: patient.patient_last_updated,
      patient_surname: 'Partielle',
    };
    const refused = await refusedUpdate(renaming);
    expect(codeOf(refused)).toBe('amendmentRequired');
    expect(refused.json<{ details: Json }>().details).toMatchObject({
      records: [{ record_id: partly.recordId, record_number: read.record_number }],
    });
    const owner = await refusedUpdate({
      record_id: partly.recordId,
      record_last_updated: read.record_last_updated,
      record_owner: clinics.tilleuls,
    });
    expect(codeOf(owner)).toBe('amendmentRequired');
    // Once the validated sample is taken back, nothing of the patient is validated any more.
    await invalidate(partly.recordId, [partly.panel], 'Nom de naissance à corriger');
    // Being amended, the record keeps its stored version: it cannot be deleted as a mistake.
    const deleted = await as(admin).send('deleteRecords', { body: { record_ids: [partly.recordId] } });
    expect([codeOf(deleted), deleted.json<{ details: Json }>().details]).toEqual([
      'recordMustBeKept',
      { records: [{ record_number: read.record_number, reason: 'reports' }] },
    ]);
    const renamed = await updatePatient(renaming);
    expect(renamed.patient?.patient_surname).toBe('Partielle');
  });

  it('amends a sent record: reason, correction, a v2 that replaces v1, v1 kept, every channel served again', async () => {
    const address = 'claire.amende@example.org';
    const reason = 'Erreur de saisie de la glycémie';
    const sent = await validatedRecord(
      {
        patient_email: address,
        record_owner: clinics.lilas,
        record_must_online: true,
        record_must_fax: true,
        record_fax_number: '+33140000000',
        record_must_paper: true,
        record_must_phone: true,
      },
      'Envoye',
    );
    // Every channel served: e-mail and fax by the system, paper and the phone by staff.
    await runSends();
    await serveByHand(await deliveriesOf(sent.recordId));
    let state = await deliveriesOf(sent.recordId);
    expect(state.record_status).toBe(RECORD_STATUS.sent);
    expect(state.deliveries.every((row) => row.delivery_state === 'done')).toBe(true);
    const mailsTo = () => smtp.inbox.filter((mail) => mail.to.includes(address));
    expect(mailsTo()).toHaveLength(1);
    const read = await recordOf(sent.recordId);
    const faxesOf = () => faxes.filter((each) => each.filename.startsWith(String(read.record_number)));
    expect(faxesOf()).toHaveLength(1);
    const [v1] = await versionsOf(sent.recordId);
    if (!v1) throw new Error('no first version');
    const v1Bytes = await download(v1.report_id);

    // A sent record's identity is corrected only by its amendment.
    const renaming: PatientChanges = {
      patient_id: read.patient.patient_id,
      patient_last_updated: read.patient.patient_last_updated,
      patient_surname: 'Envoyé',
    };
    expect(codeOf(await refusedUpdate(renaming))).toBe('amendmentRequired');

    // Invalidation of the sent record, with its reason: back to pending validation, v1 recalled.
    const without = await as(biologist).send('invalidateRecord', {
      body: { record_id: sent.recordId, sample_ids: [sent.panel, sent.count] },
    });
    expect(without.statusCode).toBe(400);
    const back = await invalidate(sent.recordId, [sent.panel, sent.count], ` ${reason} `);
    expect(back.record.record_status).toBe(RECORD_STATUS.pendingValidation);
    const samples: Json[] = (await recordOf(sent.recordId)).samples;
    expect(samples.map((sample) => sample.sample_status)).toEqual([
      SAMPLE_STATUS.removed,
      SAMPLE_STATUS.removed,
    ]);
    const stepBack = (await traceOf(sent.recordId)).filter(
      (entry) =>
        (entry.modification_field === 'record_status' || entry.modification_field === 'sample_status') &&
        entry.modification_old_value === '5' &&
        entry.modification_new_value === '3',
    );
    expect(stepBack).toHaveLength(3);
    expect(stepBack.every((entry) => entry.log_comment === reason)).toBe(true);

    // The correction: the result, and now the identity, the clinic and the prescriber.
    const preview = await as(biologist).previewRecord({ record_id: sent.recordId });
    const glucose = preview.samples.find((each) => each.sample.sample_id === sent.panel)?.lines[0]?.result;
    await as(technician).updateSampleResults({
      sample_id: sent.panel,
      results: [
        { parameter_id: ids.glucose, result_value: 0.95, result_last_updated: glucose?.result_last_updated },
      ],
    });
    await updatePatient(renaming);
    const current = await recordOf(sent.recordId);
    await updatePatient({
      record_id: sent.recordId,
      record_last_updated: current.record_last_updated,
      record_prescriber: prescribers.second,
    });

    // Validated again: v2 cancels and replaces v1, says when v1 was validated and why.
    await validate(sent.recordId, [sent.panel, sent.count]);
    const versions = await versionsOf(sent.recordId);
    expect(versions.map((version) => version.report_version)).toEqual([2, 1]);
    const [v2] = versions;
    expect(v2).toMatchObject({
      report_kind: 'final',
      report_replaces: v1.report_id,
      report_replacement_reason: reason,
    });
    expect(versions[1]).toMatchObject({ report_replaces: null, report_replacement_reason: null });
    const v2Bytes = await download(String(v2?.report_id));
    const v2Text = readable(v2Bytes);
    expect(v2Text).toContain(
      `Ce compte rendu annule et remplace celui du ${parisWhen(v1.report_validated_at)} (motif : ${reason}).`,
    );
    expect(v2Text).toContain('ENVOYÉ');
    expect(v2Text).toContain('0,95');
    // v1 is still there, byte for byte, with what it said then.
    const v1Again = await download(v1.report_id);
    expect(v1Again.equals(v1Bytes)).toBe(true);
    expect(createHash('sha256').update(v1Again).digest('hex')).toBe(v1.report_sha256);
    const v1Text = readable(v1Again);
    expect(v1Text).toContain('ENVOYE');
    expect(v1Text).toContain('1,26 H');
    expect(v1Text).not.toContain('annule et remplace');

    // Every channel served before is due again: the system's sends queued, staff's pending.
    state = await deliveriesOf(sent.recordId);
    expect(state.record_status).toBe(RECORD_STATUS.pendingSubmission);
    expect(['online', 'fax', 'paper', 'phone'].map((channel) => stateOf(state, channel))).toEqual([
      'sending',
      'sending',
      'pending',
      'pending',
    ]);
    expect(state.calls.every((phoneCall) => phoneCall.call_done_at === null)).toBe(true);
    await runSends();
    expect(mailsTo()).toHaveLength(2);
    expect(mailsTo()[1]?.raw).toContain('COMPTE RENDU V2.pdf');
    expect(faxesOf()).toHaveLength(2);
    expect(Buffer.from(String(faxesOf().at(-1)?.pdf_base64), 'base64').equals(v2Bytes)).toBe(true);
    await serveByHand(await deliveriesOf(sent.recordId));
    expect((await deliveriesOf(sent.recordId)).record_status).toBe(RECORD_STATUS.sent);

    // The patient's online report is the newest version.
    const [row] = await ctx.database.db
      .select({ record_password: records.record_password })
      .from(records)
      .where(eq(records.record_id, sent.recordId));
    const online = await apiClient(ctx.app, null).openOnlineReport({
      record_number: current.record_number,
      record_password: String(row?.record_password),
      patient_dob: '1979-06-02',
    });
    expect(Buffer.from(online.pdf_base64, 'base64').equals(v2Bytes)).toBe(true);
  });

  it('gives an amended record to its new clinic: the old one no longer sees it, the new one does', async () => {
    const owned = await validatedRecord({ record_owner: clinics.lilas }, 'Clinique');
    const seen = async (session: Session) => {
      const response = await as(session).send('getRecord', { query: { record_id: owned.recordId } });
      return [response.statusCode, codeOf(response) ?? null];
    };
    expect(await seen(lilas)).toEqual([200, null]);
    expect(await seen(tilleuls)).toEqual([403, 'clinicUserOverreached']);
    await invalidate(owned.recordId, [owned.panel, owned.count], 'Dossier de la clinique des Tilleuls');
    const read = await recordOf(owned.recordId);
    await updatePatient({
      record_id: owned.recordId,
      record_last_updated: read.record_last_updated,
      record_owner: clinics.tilleuls,
    });
    await validate(owned.recordId, [owned.panel, owned.count]);

    expect(await seen(lilas)).toEqual([403, 'clinicUserOverreached']);
    expect(await seen(tilleuls)).toEqual([200, null]);
    const listed = async (session: Session) =>
      (await as(session).getRecords({ number_of_records: 100, page_number: 1 })).data.map(
        (record) => record.record_id,
      );
    expect(await listed(lilas)).not.toContain(owned.recordId);
    expect(await listed(tilleuls)).toContain(owned.recordId);
    // The new clinic reads both versions; the old one neither.
    expect((await versionsOf(owned.recordId, tilleuls)).map((version) => version.report_version)).toEqual([
      2, 1,
    ]);
    const refused = await as(lilas).send('getReportVersions', { query: { record_id: owned.recordId } });
    expect(codeOf(refused)).toBe('clinicUserOverreached');
  });
});
