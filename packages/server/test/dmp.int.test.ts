import type { AddPatientBody } from '@sil/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DmpSimulator, startDmpSimulator } from '../src/adapters/dmp-simulator.js';
import { laboratories, patients, users } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { apiClient } from './client.js';
import {
  addGlucosePanel,
  type GlucosePanel,
  pendingRecord,
  type Staff,
  signInStaff,
  staffRecord,
} from './factories.js';
import { DATABASES, startTestApp, stopTestApp, type TestContext } from './helpers.js';

const TEST_INS = '279035121518989';
/** The INS of a patient whose DMP the simulator says is closed. */
const CLOSED_INS = '185067505612307';

/**
 * The DMP feed (issue 42, docs/dmp.md) through the API, against the DMP simulator over a real
 * socket (DMP_URL): a validated record of a patient with a qualified INS is sent with its metadata
 * and accepted; a patient's opposition and an identity not qualified keep it out with their
 * reason; the laboratory's 'hidden from the patient' analyses and the biologist's choice travel as
 * INVISIBLE_PATIENT; an amended version replaces (RPLC) the one the DMP holds; a refusal is shown
 * with the DMP's reason, and a DMP out of reach is tried again.
 */
describe.each(DATABASES)('the DMP feed on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  let panel: GlucosePanel;
  let dmp: DmpSimulator;
  const as = (who: keyof Staff) => apiClient(ctx.app, staff[who]);

  beforeAll(async () => {
    dmp = await startDmpSimulator({ closed: [CLOSED_INS] });
    ctx = await startTestApp(kind, { DMP_URL: dmp.url });
    staff = await signInStaff(ctx.app);
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.admin_uid, staff.admin.uid));
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(laboratories)
        .set({ laboratory_settings: { finess: '750000001', author_specialty: 'G15_21/G' } })
        .where(eq(laboratories.laboratory_id, String(admin?.laboratory_id))),
    );
    panel = await addGlucosePanel(ctx.app, staff.admin);
  }, 120_000);
  afterAll(async () => {
    await stopTestApp(ctx);
    await dmp?.close();
  });

  /** A record waiting for validation; its patient's identity qualified with `ins` unless null. */
  const pending = async (patient: Partial<AddPatientBody>, ins: string | null = TEST_INS) => {
    const record = await pendingRecord(ctx.app, staff, panel, patient);
    const { patient: row } = await staffRecord(ctx.app, staff.admin, record.recordId);
    if (ins)
      await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
        tx
          .update(patients)
          .set({
            patient_ins: ins,
            patient_ins_oid: '1.2.250.1.213.1.4.10',
            patient_identity_status: 'qualified',
          })
          .where(eq(patients.patient_id, row.patient_id)),
      );
    return record;
  };
  const validate = (record: { recordId: string; panel: string; count: string }) =>
    as('biologist').validateRecord({ record_id: record.recordId, sample_ids: [record.panel, record.count] });
  const runSends = async () => {
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(
        sql`UPDATE record_deliveries SET delivery_next_attempt_at = now() - interval '1 second' WHERE delivery_state = 'sending'`,
      ),
    );
    return ctx.app.sending.runDue();
  };
  const dmpOf = (recordId: string) => as('secretary').getRecordDmp({ record_id: recordId });
  const dmpSend = async (recordId: string) =>
    (await as('secretary').getRecordDeliveries({ record_id: recordId })).deliveries.find(
      (row) => row.delivery_channel === 'dmp',
    );
  /** The laboratory puts the panel on (or off) its list of results hidden from the patient. */
  const flagPanel = async (invisible: boolean) => {
    const analyses = as('admin').reference('analyses');
    const [analysis] = await analyses.get(panel.panel);
    await analyses.update({
      analysis_id: panel.panel,
      analysis_last_updated: analysis?.analysis_last_updated,
      analysis_dmp_invisible: invisible,
    });
    expect((await analyses.get(panel.panel))[0]?.analysis_dmp_invisible).toBe(invisible);
  };
  const heldFor = (documentId: string | null) =>
    [...dmp.registry.entries.values()].find((entry) => entry.uniqueId === documentId);

  it('sends a validated record of a qualified patient, with its metadata, and the DMP accepts it', async () => {
    const record = await pending({ patient_surname: 'Morel' });
    expect((await dmpOf(record.recordId)).dmp_state).toBe('none');
    await validate(record);
    expect((await dmpOf(record.recordId)).dmp_state).toBe('sending');
    await runSends();
    const state = await dmpOf(record.recordId);
    expect(state).toMatchObject({ dmp_state: 'sent', dmp_reason: null, dmp_invisible_to_patient: false });
    expect(state.dmp_document_id).toMatch(/^1\.2\.250\.1\.71\.4\.2\.2\.750000001\.2\^/);
    expect((await dmpSend(record.recordId))?.delivery_state).toBe('done');
    const held = heldFor(state.dmp_document_id);
    expect(held).toMatchObject({ patientIns: TEST_INS, confidentiality: ['N'], status: 'approved' });
    expect(held?.cda).toContain('code="G15_21/G"');
    expect(held?.cda).toContain(`extension="${TEST_INS}"`);
  });

  it('keeps out the record of a patient who opposes it, and of an identity that is not qualified', async () => {
    const before = dmp.calls();
    const opposed = await pending({ patient_surname: 'Opposant', patient_dmp_opposition: true });
    const { patient } = await staffRecord(ctx.app, staff.admin, opposed.recordId);
    expect(patient.patient_dmp_opposition).toBe(true);
    const unqualified = await pending({ patient_surname: 'Provisoire' }, null);
    await validate(opposed);
    await validate(unqualified);
    await runSends();
    expect(await dmpOf(opposed.recordId)).toMatchObject({
      dmp_state: 'not_sent',
      dmp_reason: 'patientOpposition',
    });
    expect(await dmpOf(unqualified.recordId)).toMatchObject({
      dmp_state: 'not_sent',
      dmp_reason: 'noQualifiedIns',
    });
    expect(await dmpSend(opposed.recordId)).toBeUndefined();
    expect(await dmpSend(unqualified.recordId)).toBeUndefined();
    expect(dmp.calls()).toBe(before);
  });

  it("hides from the patient what the laboratory's list or the biologist says, as INVISIBLE_PATIENT", async () => {
    const chosen = await pending({ patient_surname: 'Choix' });
    const choice = await as('biologist').updateRecordDmp({
      record_id: chosen.recordId,
      dmp_invisible_override: true,
    });
    expect(choice.dmp_invisible_override).toBe(true);
    await validate(chosen);
    await flagPanel(true);
    const listed = await pending({ patient_surname: 'Liste' });
    await validate(listed);
    await runSends();
    for (const recordId of [chosen.recordId, listed.recordId]) {
      const state = await dmpOf(recordId);
      expect(state).toMatchObject({ dmp_state: 'sent', dmp_invisible_to_patient: true });
      expect(heldFor(state.dmp_document_id)?.confidentiality).toEqual(['N', 'INVISIBLE_PATIENT']);
    }
    const refused = await as('biologist').send('updateRecordDmp', {
      body: { record_id: chosen.recordId, dmp_invisible_override: false },
    });
    expect(refused.json()).toMatchObject({ code: 'dmpAlreadySent' });
    await flagPanel(false);
  });

  it('sends an amended version that replaces (RPLC) the one the DMP holds', async () => {
    const record = await pending({ patient_surname: 'Amende' });
    await validate(record);
    await runSends();
    const first = await dmpOf(record.recordId);
    expect(first.dmp_state).toBe('sent');
    await as('biologist').invalidateRecord({
      record_id: record.recordId,
      sample_ids: [record.panel, record.count],
      reason: 'Erreur de saisie',
    });
    await validate(record);
    await runSends();
    const second = await dmpOf(record.recordId);
    expect(second).toMatchObject({ dmp_state: 'sent', dmp_replaced_document_id: first.dmp_document_id });
    expect(second.dmp_document_id).not.toBe(first.dmp_document_id);
    const replaced = heldFor(first.dmp_document_id);
    expect(replaced?.status).toBe('deprecated');
    expect(heldFor(second.dmp_document_id)).toMatchObject({
      replaces: replaced?.entryUuid,
      status: 'approved',
    });
    expect(heldFor(second.dmp_document_id)?.cda).toMatch(/<relatedDocument typeCode="RPLC">/);
  });

  it("shows the DMP's refusal with its reason, and tries again a DMP out of reach", async () => {
    const closed = await pending({ patient_surname: 'Ferme' }, CLOSED_INS);
    await validate(closed);
    await runSends();
    const refused = await dmpOf(closed.recordId);
    expect(refused.dmp_state).toBe('refused');
    expect(refused.dmp_reason).toMatch(/^DMPClosed: /);
    expect((await dmpSend(closed.recordId))?.delivery_state).toBe('failed');

    const later = await pending({ patient_surname: 'Patience' });
    await validate(later);
    dmp.unavailable(1);
    await runSends();
    expect(await dmpOf(later.recordId)).toMatchObject({ dmp_state: 'sending', dmp_attempts: 1 });
    expect((await dmpSend(later.recordId))?.delivery_state).toBe('sending');
    await runSends();
    expect((await dmpOf(later.recordId)).dmp_state).toBe('sent');
  });
});
