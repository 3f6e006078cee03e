import type { AddExternalRecordBody } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { collectors } from '../../../db/schema/reference.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { dropEmpty } from '../../../lib/input.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertReferencesInLaboratory } from '../guards.js';
import { assertIdentityRules } from '../patients/identity.js';
import { reachablePatient, recordReach } from '../scope.js';
import { PATIENT_KEYS, RECORD_VALUE_KEYS } from './fields.js';
import { insertPatient, insertRecord } from './new-record.js';
import { takeRecordNumber } from './numbering.js';

/**
 * An external record (issue 17): a clinic's medical user orders analyses for a patient its
 * clinic owns or a new one; the record belongs to the clinic, collected outside the laboratory,
 * and waits pre-registered for the laboratory to receive it.
 */
export async function registerExternalRecord(db: Db, auth: Authenticated, body: AddExternalRecordBody) {
  const laboratoryId = auth.user.laboratory_id;
  const reach = recordReach(auth);
  if (reach.by !== 'owner' || !auth.rights.medical_user) return fail('insufficientRights');
  const clinicId = reach.clinicId;
  // Taken in its own statement: the transaction below holds no lock on the day's counter.
  const recordNumber = await takeRecordNumber(db, laboratoryId);
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
      patientId = await insertPatient(tx, {
        ...values,
        patient_owner: clinicId,
        laboratory_id: laboratoryId,
      });
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
    const { record } = await insertRecord(tx, auth, patientId, recordValues, body.record_selected_analyses, {
      recordNumber,
    });
    return { patient_id: patientId, record_id: record.record_id, record_number: record.record_number };
  });
}
