import {
  type AddPatientBody,
  PATIENT_REQUIRED,
  patientFields,
  RECORD_STATUS,
  recordFields,
  type SelectedAnalysesInput,
  STATUS_ANALYSES_FIXED,
} from '@sil/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open.js';
import { clinics, collectors, patients, prescribers, records } from '../../db/schema/index.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { actorOf } from '../auth/actor.js';
import type { Authenticated } from '../auth/session-service.js';
import { assertIdentityRules } from './identity.js';
import { newRecordPassword, nextRecordNumber } from './numbering.js';
import { checkOrder, planSamples, sameStructure } from './ordering.js';
import { type PatientOut, presentPatient, presentRecord, type RecordOut } from './present.js';
import { syncSamples } from './samples-sync.js';
import { recordScope } from './scope.js';

type Row = Record<string, unknown>;
const PATIENT_KEYS = Object.keys(patientFields);
const RECORD_KEYS = Object.keys(recordFields);

/** The fields of `keys` the body carries, empty strings and nulls dropped on create (spec.md §5). */
function pick(body: Row, keys: string[], dropNull: boolean): Row {
  return Object.fromEntries(
    keys
      .filter((key) => body[key] !== undefined && body[key] !== '' && !(dropNull && body[key] === null))
      .map((key) => [key, body[key]]),
  );
}

async function assertInLaboratory(tx: Tx, laboratoryId: string, values: Row): Promise<void> {
  const checks = [
    {
      field: 'record_collector',
      table: collectors,
      id: collectors.collector_id,
      lab: collectors.laboratory_id,
      code: 'collectorNotFound',
    },
    {
      field: 'record_prescriber',
      table: prescribers,
      id: prescribers.prescriber_id,
      lab: prescribers.laboratory_id,
      code: 'prescriberNotFound',
    },
    {
      field: 'record_owner',
      table: clinics,
      id: clinics.clinic_id,
      lab: clinics.laboratory_id,
      code: 'clinicNotFound',
    },
    {
      field: 'patient_owner',
      table: clinics,
      id: clinics.clinic_id,
      lab: clinics.laboratory_id,
      code: 'clinicNotFound',
    },
  ] as const;
  for (const check of checks) {
    const value = values[check.field];
    if (typeof value !== 'string') continue;
    const [found] = await tx
      .select({ id: check.id })
      .from(check.table)
      .where(and(eq(check.id, value), eq(check.lab, laboratoryId)));
    if (!found) fail(check.code, { field: check.field });
  }
  const linked = values.record_linked_records;
  if (Array.isArray(linked) && linked.length > 0) {
    const ids = [...new Set(linked.map(String))];
    const found = await tx
      .select({ id: records.record_id })
      .from(records)
      .where(and(inArray(records.record_id, ids), eq(records.laboratory_id, laboratoryId)));
    if (found.length !== ids.length) fail('recordNotFound', { field: 'record_linked_records' });
  }
}

/** What no update may touch: locked, cancelled or already sent records. */
function assertEditable(record: typeof records.$inferSelect): void {
  if (record.record_locked) fail('cannotEditLock');
  if (record.record_annulr_flag || record.record_status >= RECORD_STATUS.sent)
    fail('invalidRecordStatusForUpdate');
}

export function createRecordWriteService(db: Db) {
  async function recordFor(tx: Tx, auth: Authenticated, recordId: string) {
    const [record] = await tx
      .select()
      .from(records)
      .where(and(recordScope(auth), eq(records.record_id, recordId)));
    return record ?? fail('recordNotFound');
  }

  async function createRecord(
    tx: Tx,
    auth: Authenticated,
    patientId: string,
    values: Row,
    selected: SelectedAnalysesInput,
    options: { allowHidden?: boolean } = {},
  ) {
    const laboratoryId = auth.user.laboratory_id;
    const ordered = await checkOrder(tx, laboratoryId, selected, options);
    const [record] = await tx
      .insert(records)
      .values({
        ...values,
        laboratory_id: laboratoryId,
        record_patient: patientId,
        record_number: await nextRecordNumber(tx, laboratoryId),
        record_password: newRecordPassword(),
        record_selected_analyses: selected.map((group) => ({
          combination: Number(group.combination),
          analysis_ids: group.analysis_ids,
        })),
        record_status: RECORD_STATUS.preRegistered,
      })
      .returning();
    if (!record) return fail('recordIdCreationFailed');
    const created = await syncSamples(tx, record, planSamples(ordered));
    return { record, samples: created };
  }

  return {
    /** A new record, for a known patient or a new one, with its samples, in one transaction. */
    async addPatient(auth: Authenticated, body: AddPatientBody) {
      const laboratoryId = auth.user.laboratory_id;
      const input = body as Row;
      return writeTransaction(db, actorOf(auth), async (tx) => {
        let patientId = body.patient_id;
        if (patientId) {
          const [known] = await tx
            .select({ id: patients.patient_id })
            .from(patients)
            .where(and(eq(patients.patient_id, patientId), eq(patients.laboratory_id, laboratoryId)));
          if (!known) fail('patientNotFound');
        } else {
          if (auth.rights.admin_patients < 2)
            fail(auth.rights.admin_patients === 0 ? 'noAdminRights' : 'insufficientAdminRights');
          const values = pick(input, PATIENT_KEYS, true);
          for (const field of PATIENT_REQUIRED)
            if (values[field] === undefined)
              fail('missingData', { issues: [{ path: field, message: 'required' }] });
          assertIdentityRules(values);
          await assertInLaboratory(tx, laboratoryId, values);
          const [patient] = await tx
            .insert(patients)
            .values({ ...(values as typeof patients.$inferInsert), laboratory_id: laboratoryId })
            .returning({ id: patients.patient_id });
          patientId = patient?.id ?? fail('unexpectedError');
        }
        const recordValues = pick(
          input,
          RECORD_KEYS.filter((key) => key !== 'record_selected_analyses'),
          true,
        );
        await assertInLaboratory(tx, laboratoryId, recordValues);
        const { record, samples } = await createRecord(
          tx,
          auth,
          patientId,
          recordValues,
          body.record_selected_analyses,
        );
        return {
          patient_id: patientId,
          record_id: record.record_id,
          record_number: record.record_number,
          record_password: record.record_password,
          samples,
        };
      });
    },

    async updatePatient(
      auth: Authenticated,
      body: Row & {
        patient_id?: string;
        patient_last_updated?: string;
        record_id?: string;
        record_last_updated?: string;
      },
    ) {
      const laboratoryId = auth.user.laboratory_id;
      return writeTransaction(db, actorOf(auth), async (tx) => {
        let patient: PatientOut | null = null;
        let record: RecordOut | null = null;
        if (body.patient_id && body.patient_last_updated) {
          if (auth.rights.admin_patients < 2)
            fail(auth.rights.admin_patients === 0 ? 'noAdminRights' : 'insufficientAdminRights');
          const changes = pick(body, PATIENT_KEYS, true);
          const [current] = await tx
            .select()
            .from(patients)
            .where(and(eq(patients.patient_id, body.patient_id), eq(patients.laboratory_id, laboratoryId)));
          if (!current) return fail('patientNotFound');
          assertIdentityRules({ ...current, ...changes });
          await assertInLaboratory(tx, laboratoryId, changes);
          const updated = await updateIfUnchanged(
            tx,
            patients,
            {
              idColumn: patients.patient_id,
              id: body.patient_id,
              stampColumn: patients.patient_last_updated,
              stamp: body.patient_last_updated,
              scope: eq(patients.laboratory_id, laboratoryId),
            },
            changes,
            'patientNotFound',
          );
          patient = presentPatient(updated);
        }
        if (body.record_id && body.record_last_updated) {
          const current = await recordFor(tx, auth, body.record_id);
          assertEditable(current);
          const changes = pick(body, RECORD_KEYS, true);
          await assertInLaboratory(tx, laboratoryId, changes);
          const selected = changes.record_selected_analyses as SelectedAnalysesInput | undefined;
          if (selected && !sameStructure(selected, current.record_selected_analyses)) {
            if (current.record_status >= STATUS_ANALYSES_FIXED) fail('cannotChangeSelectedAnalysesStructure');
            const ordered = await checkOrder(tx, laboratoryId, selected);
            await syncSamples(tx, current, planSamples(ordered));
            changes.record_selected_analyses = selected.map((group) => ({
              combination: Number(group.combination),
              analysis_ids: group.analysis_ids,
            }));
          } else {
            delete changes.record_selected_analyses;
          }
          const updated = await updateIfUnchanged(
            tx,
            records,
            {
              idColumn: records.record_id,
              id: body.record_id,
              stampColumn: records.record_last_updated,
              stamp: body.record_last_updated,
              scope: recordScope(auth),
            },
            changes,
            'recordNotFound',
          );
          record = presentRecord(updated);
        }
        return { patient, record };
      });
    },

    async updateStatus(
      auth: Authenticated,
      input: { record_id: string; record_last_updated: string; record_status: number },
    ) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const current = await recordFor(tx, auth, input.record_id);
        if (current.record_locked) fail('cannotEditLock');
        if (input.record_status < current.record_status) fail('cannotDowngradeStatus');
        const updated = await updateIfUnchanged(
          tx,
          records,
          {
            idColumn: records.record_id,
            id: input.record_id,
            stampColumn: records.record_last_updated,
            stamp: input.record_last_updated,
            scope: recordScope(auth),
          },
          { record_status: input.record_status },
          'recordNotFound',
        );
        return presentRecord(updated);
      });
    },

    async updateComments(auth: Authenticated, input: { record_id: string; record_internal_notes: string }) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const current = await recordFor(tx, auth, input.record_id);
        if (current.record_locked) fail('cannotEditLock');
        const [updated] = await tx
          .update(records)
          .set({ record_internal_notes: input.record_internal_notes })
          .where(eq(records.record_id, current.record_id))
          .returning();
        return presentRecord(updated ?? fail('recordNotFound'));
      });
    },

    /** Cancel-and-replace: the old record is flagged with the reason; the copy takes a new number. */
    async cancel(
      auth: Authenticated,
      input: {
        record_id: string;
        record_last_updated: string;
        record_annulment_explanation: string;
        replace: boolean;
      },
    ) {
      return writeTransaction(
        db,
        actorOf(auth),
        async (tx) => {
          const current = await recordFor(tx, auth, input.record_id);
          if (current.record_locked) fail('cannotEditLock');
          if (current.record_annulr_flag) fail('invalidOperation', { reason: 'alreadyCancelled' });
          const cancelled = await updateIfUnchanged(
            tx,
            records,
            {
              idColumn: records.record_id,
              id: current.record_id,
              stampColumn: records.record_last_updated,
              stamp: input.record_last_updated,
              scope: recordScope(auth),
            },
            { record_annulr_flag: true, record_annulment_explanation: input.record_annulment_explanation },
            'recordNotFound',
          );
          if (!input.replace) return { cancelled: presentRecord(cancelled), replacement: null };
          const copied = pick(
            current as Row,
            RECORD_KEYS.filter((key) => key !== 'record_selected_analyses'),
            true,
          );
          const { record } = await createRecord(
            tx,
            auth,
            current.record_patient,
            { ...copied, record_replaces: current.record_id },
            current.record_selected_analyses,
            { allowHidden: true },
          );
          const [linked] = await tx
            .update(records)
            .set({ record_replaced_by: record.record_id })
            .where(eq(records.record_id, current.record_id))
            .returning();
          return { cancelled: presentRecord(linked ?? cancelled), replacement: presentRecord(record) };
        },
        { comment: input.record_annulment_explanation },
      );
    },

    async receive(auth: Authenticated, recordId: string) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const current = await recordFor(tx, auth, recordId);
        if (current.record_locked) fail('cannotEditLock');
        if (current.record_annulr_flag) fail('invalidRecordStatusForUpdate');
        if (current.record_received_at) return presentRecord(current);
        const [updated] = await tx
          .update(records)
          .set({
            record_received_at: new Date().toISOString(),
            record_status: Math.max(current.record_status, RECORD_STATUS.registered),
          })
          .where(eq(records.record_id, current.record_id))
          .returning();
        return presentRecord(updated ?? current);
      });
    },

    async scan(auth: Authenticated, recordNumber: string) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const [current] = await tx
          .select()
          .from(records)
          .where(and(recordScope(auth), eq(records.record_number, recordNumber)));
        if (!current) return fail('recordNotFound');
        if (current.record_locked) fail('cannotEditLock');
        // Only the first scan counts: two benches must not both take the same record.
        const [scanned] = await tx
          .update(records)
          .set({ record_scanned_at: new Date().toISOString() })
          .where(and(eq(records.record_id, current.record_id), isNull(records.record_scanned_at)))
          .returning();
        if (!scanned) return fail('recordAlreadyScanned', { scanned_at: current.record_scanned_at });
        return presentRecord(scanned);
      });
    },
  };
}

export type RecordWriteService = ReturnType<typeof createRecordWriteService>;
