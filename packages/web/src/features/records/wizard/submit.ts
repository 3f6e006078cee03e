import {
  AddPatientBody,
  type PatientRow,
  type RecordRow,
  type RouteAnswer,
  UpdatePatientBody,
} from '@sil/contract';
import { call } from '../../../lib/api-client';
import { createPayload, updatePayload } from '../../../lib/table/payload';
import { type Issues, issuesOf } from './validate';
import { type Payload, payloadOf, type WizardValues } from './wizard-values';

export type SubmitOutcome =
  | { kind: 'invalid'; issues: Issues }
  | { kind: 'created'; answer: RouteAnswer<'addPatient'> }
  | { kind: 'updated'; recordId: string };

/** The id and stamp an update sends back, named as the contract names them. */
type Stamped =
  | { kind: 'patient'; row: Pick<PatientRow, 'patient_id' | 'patient_last_updated'> }
  | { kind: 'record'; row: Pick<RecordRow, 'record_id' | 'record_last_updated'> };

function changes(before: Payload, after: Payload, stamped: Stamped) {
  const payload = updatePayload(
    before,
    after,
    stamped.kind === 'patient'
      ? {
          idField: 'patient_id',
          id: stamped.row.patient_id,
          stampField: 'patient_last_updated',
          stamp: stamped.row.patient_last_updated,
        }
      : {
          idField: 'record_id',
          id: stamped.row.record_id,
          stampField: 'record_last_updated',
          stamp: stamped.row.record_last_updated,
        },
  );
  // Only the id and the stamp: nothing changed.
  return Object.keys(payload).length > 2 ? payload : null;
}

/**
 * Sends the wizard (spec.md §7): a new record through add-patient (with the new patient's fields,
 * or the chosen patient's id after saving any change to that patient through update-patient);
 * an edited record through update-patient with only what changed, each with the stamp read.
 */
export async function submitWizard(input: {
  values: WizardValues;
  initial: WizardValues;
  patient: PatientRow | null;
  record: RecordRow | null;
}): Promise<SubmitOutcome> {
  const now = payloadOf(input.values);
  const before = payloadOf(input.initial);
  const patientChanges = input.patient
    ? changes(before.patient, now.patient, { kind: 'patient', row: input.patient })
    : null;

  if (input.record) {
    const recordChanges = changes(before.record, now.record, { kind: 'record', row: input.record });
    const parsed = UpdatePatientBody.safeParse({
      ...(patientChanges ?? {}),
      ...(recordChanges ?? {
        record_id: input.record.record_id,
        record_last_updated: input.record.record_last_updated,
      }),
    });
    if (!parsed.success) return { kind: 'invalid', issues: issuesOf(parsed.error) };
    const answer = await call('updatePatient', { body: parsed.data });
    return { kind: 'updated', recordId: answer.record?.record_id ?? input.record.record_id };
  }

  const patientId = input.patient?.patient_id;
  const create = AddPatientBody.safeParse(
    createPayload(patientId ? { patient_id: patientId, ...now.record } : { ...now.patient, ...now.record }),
  );
  if (!create.success) return { kind: 'invalid', issues: issuesOf(create.error) };
  if (patientChanges) {
    const update = UpdatePatientBody.safeParse(patientChanges);
    if (!update.success) return { kind: 'invalid', issues: issuesOf(update.error) };
    await call('updatePatient', { body: update.data });
  }
  return { kind: 'created', answer: await call('addPatient', { body: create.data }) };
}
