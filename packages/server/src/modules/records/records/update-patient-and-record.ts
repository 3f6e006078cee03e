import {
  type PatientRow,
  type RecordRow,
  type SelectedAnalysesInput,
  STATUS_ANALYSES_FIXED,
} from '@sil/contract';
import type { Db } from '../../../db/open.js';
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
import { visibleRecord } from '../scope.js';
import { PATIENT_KEYS, RECORD_KEYS, type Row } from './fields.js';
import { checkOrder, planSamples, sameStructure } from './ordering.js';

/**
 * The patient's identity and the record's details, each changed if the body carries its stamp, in
 * one transaction: amendable after validation only through invalidation; a new structure of
 * analyses resynchronises the samples until the analyses are fixed.
 */
export async function updatePatientAndRecord(
  db: Db,
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
}
