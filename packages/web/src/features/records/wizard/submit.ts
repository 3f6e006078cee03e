import { AddPatientBody, type RouteAnswer, UpdatePatientBody } from '@sil/contract';
import { call } from '../../../lib/api-client';
import { createPayload, updatePayload } from '../../../lib/table/payload';
import { type Row, textOf } from '../../../lib/table/rows';
import { type Issues, issuesOf } from './validate';
import { payloadOf, type WizardValues } from './wizard-values';

export type SubmitOutcome =
  | { kind: 'invalid'; issues: Issues }
  | { kind: 'created'; answer: RouteAnswer<'addPatient'> }
  | { kind: 'updated'; recordId: string };

function changes(before: Record<string, unknown>, after: Record<string, unknown>, row: Row, id: string) {
  const idValue = textOf(row, `${id}_id`) ?? '';
  const stamp = textOf(row, `${id}_last_updated`) ?? '';
  const payload = updatePayload(before, after, {
    idField: `${id}_id`,
    id: idValue,
    stampField: `${id}_last_updated`,
    stamp,
  });
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
  patient: Row | null;
  record: Row | null;
}): Promise<SubmitOutcome> {
  const now = payloadOf(input.values);
  const before = payloadOf(input.initial);
  const patientChanges = input.patient
    ? changes(before.patient, now.patient, input.patient, 'patient')
    : null;

  if (input.record) {
    const recordChanges = changes(before.record, now.record, input.record, 'record');
    const parsed = UpdatePatientBody.safeParse({
      ...(patientChanges ?? {}),
      ...(recordChanges ?? {
        record_id: textOf(input.record, 'record_id'),
        record_last_updated: textOf(input.record, 'record_last_updated'),
      }),
    });
    if (!parsed.success) return { kind: 'invalid', issues: issuesOf(parsed.error) };
    const answer = await call('updatePatient', { body: parsed.data });
    return { kind: 'updated', recordId: answer.record?.record_id ?? textOf(input.record, 'record_id') ?? '' };
  }

  const patientId = textOf(input.patient ?? undefined, 'patient_id');
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
