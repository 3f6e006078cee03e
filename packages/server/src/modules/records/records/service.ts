import {
  type AddExternalRecordBody,
  type AddPatientBody,
  PATIENT_REQUIRED,
  type PatientRow,
  patientFields,
  RECORD_STATUS,
  type RecordRow,
  recordFields,
  type SelectedAnalysesInput,
  STATUS_ANALYSES_FIXED,
} from '@sil/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/open.js';
import { collectors, patients, records } from '../../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { dropEmpty } from '../../../lib/input.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertIdentityAmendable, assertRecordAmendable } from '../amendments.js';
import {
  assertEditable,
  assertPatientEditor,
  assertReferencesInLaboratory,
  assertUnlocked,
  storedSelection,
  updatePatientIfUnchanged,
  updateRecordIfUnchanged,
} from '../guards.js';
import { assertIdentityRules } from '../patients/identity.js';
import { patientInLaboratory } from '../patients/queries.js';
import { presentPatient, presentRecord } from '../present.js';
import { syncSamples } from '../samples/sync.js';
import { findVisibleRecord, reachablePatient, recordReach, visibleRecord } from '../scope.js';
import { moveRecordStatus } from '../statuses.js';
import { newRecordPassword, nextRecordNumber } from './numbering.js';
import { checkOrder, planSamples, sameStructure } from './ordering.js';

type Row = Record<string, unknown>;
const PATIENT_KEYS = Object.keys(patientFields);
const RECORD_KEYS = Object.keys(recordFields);
/** Record fields a body sets directly: the analyses go through the ordering rules instead. */
const RECORD_VALUE_KEYS = RECORD_KEYS.filter((key) => key !== 'record_selected_analyses');

export function createRecordWriteService(db: Db) {
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
        record_selected_analyses: storedSelection(selected),
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
          await patientInLaboratory(tx, laboratoryId, patientId);
        } else {
          assertPatientEditor(auth.rights);
          const values = dropEmpty(input, { dropNull: true, keys: PATIENT_KEYS });
          for (const field of PATIENT_REQUIRED)
            if (values[field] === undefined)
              fail('missingData', { issues: [{ path: field, message: 'required' }] });
          assertIdentityRules(values);
          await assertReferencesInLaboratory(tx, laboratoryId, values);
          const [patient] = await tx
            .insert(patients)
            .values({ ...(values as typeof patients.$inferInsert), laboratory_id: laboratoryId })
            .returning({ id: patients.patient_id });
          patientId = patient?.id ?? fail('unexpectedError');
        }
        const recordValues = dropEmpty(input, { dropNull: true, keys: RECORD_VALUE_KEYS });
        await assertReferencesInLaboratory(tx, laboratoryId, recordValues);
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

    /**
     * An external record (issue 17): a clinic's medical user orders analyses for a patient its
     * clinic owns or a new one; the record belongs to the clinic, collected outside the laboratory,
     * and waits pre-registered for the laboratory to receive it.
     */
    async addExternalRecord(auth: Authenticated, body: AddExternalRecordBody) {
      const laboratoryId = auth.user.laboratory_id;
      const reach = recordReach(auth);
      if (reach.by !== 'owner' || !auth.rights.medical_user) return fail('insufficientRights');
      const clinicId = reach.clinicId;
      return writeTransaction(db, actorOf(auth), async (tx) => {
        let patientId = body.patient_id;
        if (patientId) {
          await reachablePatient(tx, auth, patientId);
        } else {
          const values = dropEmpty(
            {
              patient_surname: body.patient_surname,
              patient_name: body.patient_name,
              patient_birth_name: body.patient_birth_name,
              patient_gender: body.patient_gender,
              patient_dob: body.patient_dob,
              patient_external_id: body.patient_external_id,
            },
            { dropNull: true, keys: PATIENT_KEYS },
          );
          assertIdentityRules(values);
          const [patient] = await tx
            .insert(patients)
            .values({
              ...(values as typeof patients.$inferInsert),
              patient_owner: clinicId,
              laboratory_id: laboratoryId,
            })
            .returning({ id: patients.patient_id });
          patientId = patient?.id ?? fail('unexpectedError');
        }
        const recordValues = dropEmpty(
          {
            record_prescription_date: body.record_prescription_date,
            record_prescriber: body.record_prescriber,
            record_collector: body.record_collector,
            record_collection_datetime: body.record_collection_datetime,
            record_is_urgent: body.record_is_urgent,
            record_owner: clinicId,
            record_collected_externally: true,
          },
          { dropNull: true, keys: RECORD_VALUE_KEYS },
        );
        await assertReferencesInLaboratory(tx, laboratoryId, recordValues);
        // The clinic's collectors are its own (the collectors table it reads is scoped the same way).
        const [collector] = await tx
          .select({ owner: collectors.collector_owner })
          .from(collectors)
          .where(eq(collectors.collector_id, body.record_collector));
        if (collector?.owner !== clinicId) fail('clinicUserOverreached');
        const { record } = await createRecord(
          tx,
          auth,
          patientId,
          recordValues,
          body.record_selected_analyses,
        );
        return { patient_id: patientId, record_id: record.record_id, record_number: record.record_number };
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
        let patient: PatientRow | null = null;
        let record: RecordRow | null = null;
        if (body.patient_id && body.patient_last_updated) {
          assertPatientEditor(auth.rights);
          const changes = dropEmpty(body, { dropNull: true, keys: PATIENT_KEYS });
          const current = await patientInLaboratory(tx, laboratoryId, body.patient_id);
          assertIdentityRules({ ...current, ...changes });
          await assertIdentityAmendable(tx, current, changes);
          await assertReferencesInLaboratory(tx, laboratoryId, changes);
          const updated = await updatePatientIfUnchanged(
            tx,
            laboratoryId,
            { patient_id: body.patient_id, patient_last_updated: body.patient_last_updated },
            changes,
          );
          patient = presentPatient(updated);
        }
        if (body.record_id && body.record_last_updated) {
          const current = await visibleRecord(tx, auth, body.record_id);
          const changes = dropEmpty(body, { dropNull: true, keys: RECORD_KEYS });
          // The amendment's code before the frozen one: a sent record's clinic or prescriber is
          // corrected by invalidating it, which the answer then says, not that nothing may change.
          assertUnlocked(current);
          await assertRecordAmendable(tx, current, changes);
          assertEditable(current);
          await assertReferencesInLaboratory(tx, laboratoryId, changes);
          const selected = changes.record_selected_analyses as SelectedAnalysesInput | undefined;
          if (selected && !sameStructure(selected, current.record_selected_analyses)) {
            if (current.record_status >= STATUS_ANALYSES_FIXED) fail('cannotChangeSelectedAnalysesStructure');
            const ordered = await checkOrder(tx, laboratoryId, selected);
            await syncSamples(tx, current, planSamples(ordered));
            changes.record_selected_analyses = storedSelection(selected);
          } else {
            delete changes.record_selected_analyses;
          }
          const updated = await updateRecordIfUnchanged(
            tx,
            auth,
            { record_id: body.record_id, record_last_updated: body.record_last_updated },
            changes,
          );
          record = presentRecord(updated);
        }
        return { patient, record };
      });
    },

    /** The step staff take by hand: registering a pre-registered record (spec.md §4). */
    async updateStatus(
      auth: Authenticated,
      input: { record_id: string; record_last_updated: string; record_status: number },
    ) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const current = await visibleRecord(tx, auth, input.record_id);
        assertEditable(current);
        if (input.record_status === current.record_status)
          return presentRecord(await updateRecordIfUnchanged(tx, auth, input, {}));
        const moved = await moveRecordStatus(tx, current, input.record_status, 'registration', {
          stamp: input.record_last_updated,
        });
        return presentRecord(moved);
      });
    },

    /** Internal notes: a change like any other, so stamped, and refused on a frozen record. */
    async updateComments(
      auth: Authenticated,
      input: { record_id: string; record_last_updated: string; record_internal_notes: string },
    ) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const current = await visibleRecord(tx, auth, input.record_id);
        assertEditable(current);
        const updated = await updateRecordIfUnchanged(tx, auth, input, {
          record_internal_notes: input.record_internal_notes,
        });
        return presentRecord(updated);
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
          const current = await visibleRecord(tx, auth, input.record_id);
          assertUnlocked(current);
          if (current.record_annulr_flag) fail('invalidOperation', { reason: 'alreadyCancelled' });
          assertEditable(current);
          const cancelled = await updateRecordIfUnchanged(tx, auth, input, {
            record_annulr_flag: true,
            record_annulment_explanation: input.record_annulment_explanation,
          });
          if (!input.replace) return { cancelled: presentRecord(cancelled), replacement: null };
          const copied = dropEmpty(current, { dropNull: true, keys: RECORD_VALUE_KEYS });
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

    /** The laboratory has the record: reception time, and 'registered' if it was pre-registered. */
    async receive(auth: Authenticated, recordId: string) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const current = await visibleRecord(tx, auth, recordId);
        assertEditable(current);
        if (current.record_received_at) return presentRecord(current);
        const received = { record_received_at: new Date().toISOString() };
        if (current.record_status === RECORD_STATUS.preRegistered)
          return presentRecord(
            await moveRecordStatus(tx, current, RECORD_STATUS.registered, 'receive', { also: received }),
          );
        const [updated] = await tx
          .update(records)
          .set(received)
          .where(eq(records.record_id, current.record_id))
          .returning();
        return presentRecord(updated ?? current);
      });
    },

    async scan(auth: Authenticated, recordNumber: string) {
      return writeTransaction(db, actorOf(auth), async (tx) => {
        const current =
          (await findVisibleRecord(tx, auth, eq(records.record_number, recordNumber))) ??
          fail('recordNotFound');
        assertEditable(current);
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
