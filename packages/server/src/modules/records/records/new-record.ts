import { RECORD_STATUS, type SelectedAnalysesInput } from '@sil/contract';
import type { Tx } from '../../../db/open.js';
import { patients, records } from '../../../db/schema/records.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { storedSelection } from '../guards.js';
import { syncSamples } from '../samples/sync.js';
import type { Row } from './fields.js';
import { newRecordPassword } from './numbering.js';
import { checkOrder, planSamples } from './ordering.js';

/**
 * A pre-registered record of the patient, with its number, a password and the samples its analyses
 * need, inside the caller's transaction (registering, an external order, a replacement). The number
 * is taken before that transaction (`takeRecordNumber`), so that no lock on the day's counter is
 * held while the registration runs.
 */
export async function insertRecord(
  tx: Tx,
  auth: Authenticated,
  patientId: string,
  values: Row,
  selected: SelectedAnalysesInput,
  options: { recordNumber: string; allowHidden?: boolean },
) {
  const laboratoryId = auth.user.laboratory_id;
  const ordered = await checkOrder(tx, laboratoryId, selected, options);
  const [record] = await tx
    .insert(records)
    .values({
      ...values,
      laboratory_id: laboratoryId,
      record_patient: patientId,
      record_number: options.recordNumber,
      record_password: newRecordPassword(),
      record_selected_analyses: storedSelection(selected),
      record_status: RECORD_STATUS.preRegistered,
    })
    .returning();
  if (!record) return fail('recordIdCreationFailed');
  const created = await syncSamples(tx, record, planSamples(ordered));
  return { record, samples: created };
}

/** A new patient of the laboratory (with its owner clinic, when a clinic registers it): its id. */
export async function insertPatient(tx: Tx, values: Row & { laboratory_id: string }): Promise<string> {
  const [patient] = await tx
    .insert(patients)
    .values(values as typeof patients.$inferInsert)
    .returning({ id: patients.patient_id });
  return patient?.id ?? fail('unexpectedError');
}
