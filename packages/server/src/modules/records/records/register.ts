import { type AddPatientBody, PATIENT_REQUIRED } from '@sil/contract';
import type { Db } from '../../../db/open.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { dropEmpty } from '../../../lib/input.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertPatientEditor, assertReferencesInLaboratory } from '../guards.js';
import { assertIdentityRules } from '../patients/identity.js';
import { patientInLaboratory } from '../patients/queries.js';
import { PATIENT_KEYS, RECORD_VALUE_KEYS, type Row } from './fields.js';
import { insertPatient, insertRecord } from './new-record.js';
import { takeRecordNumber } from './numbering.js';

/** A new record, for a known patient or a new one, with its samples, in one transaction. */
export async function registerRecord(db: Db, auth: Authenticated, body: AddPatientBody) {
  const laboratoryId = auth.user.laboratory_id;
  const input = body as Row;
  // Taken in its own statement: the transaction below holds no lock on the day's counter.
  const recordNumber = await takeRecordNumber(db, laboratoryId);
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
      patientId = await insertPatient(tx, { ...values, laboratory_id: laboratoryId });
    }
    const recordValues = dropEmpty(input, { dropNull: true, keys: RECORD_VALUE_KEYS });
    await assertReferencesInLaboratory(tx, laboratoryId, recordValues);
    const { record, samples } = await insertRecord(
      tx,
      auth,
      patientId,
      recordValues,
      body.record_selected_analyses,
      { recordNumber },
    );
    return {
      patient_id: patientId,
      record_id: record.record_id,
      record_number: record.record_number,
      record_password: record.record_password,
      samples,
    };
  });
}
