import type { CheckInsIdentityAnswer, IdentityStatus } from '@sil/contract';
import type { InsiClient, InsTraits } from '../../../adapters/insi.js';
import type { Db } from '../../../db/open.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { AppError, fail } from '../../../lib/errors.js';
import { toIso } from '../../../lib/time.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { updatePatientIfUnchanged } from '../guards.js';
import { type PatientRow, patientInLaboratory } from './queries.js';

/**
 * Where a verification moves an identity (national identity-vigilance rules): a confirmed INS
 * makes a provisional identity 'retrieved' and a validated one 'qualified'; an INS the service no
 * longer confirms takes those back one step, the document check of a validated identity standing.
 */
const AFTER: Record<CheckInsIdentityAnswer['outcome'], Record<IdentityStatus, IdentityStatus>> = {
  confirmed: {
    provisional: 'retrieved',
    retrieved: 'retrieved',
    validated: 'qualified',
    qualified: 'qualified',
  },
  notConfirmed: {
    provisional: 'provisional',
    retrieved: 'provisional',
    validated: 'validated',
    qualified: 'validated',
  },
};

/** The traits the national service is asked with: birth name first, as the INS was issued. */
const traitsOf = (patient: PatientRow): InsTraits => ({
  last_name: patient.patient_birth_name || patient.patient_surname,
  first_name: patient.patient_name,
  sex: patient.patient_gender as InsTraits['sex'],
  birthday: patient.patient_dob,
  ...(patient.patient_birthplace ? { birth_place: patient.patient_birthplace } : {}),
});

/** Verifies the INS recorded on a patient and records the identity status that follows, traced. */
export async function checkInsIdentity(
  { db, insi }: { db: Db; insi: InsiClient },
  auth: Authenticated,
  body: { patient_id: string; patient_last_updated: string },
): Promise<CheckInsIdentityAnswer> {
  const patient = await patientInLaboratory(db, auth.user.laboratory_id, body.patient_id);
  if (!patient.patient_ins || !patient.patient_ins_oid)
    return fail('missingData', { issues: [{ path: 'patient_ins', message: 'insRequired' }] });
  const answer = await insi.lookup(traitsOf(patient)).catch((error: unknown) => {
    // The service could not answer: nothing about the identity is known, so nothing changes.
    if (error instanceof AppError) fail('insStatusNotFound', { teleservice: error.details.teleservice });
    throw error;
  });
  const found = answer.Identity?.Ins;
  const confirmed =
    answer.i_insIdentityResult === 2 &&
    found !== undefined &&
    `${found.s_value}${found.s_key}` === patient.patient_ins &&
    found.s_oid === patient.patient_ins_oid;
  const outcome = confirmed ? 'confirmed' : 'notConfirmed';
  const status = AFTER[outcome][(patient.patient_identity_status ?? 'provisional') as IdentityStatus];
  const updated = await writeTransaction(db, actorOf(auth), (tx) =>
    updatePatientIfUnchanged(tx, auth.user.laboratory_id, body, { patient_identity_status: status }),
  );
  return {
    outcome,
    i_insIdentityResult: answer.i_insIdentityResult,
    patient_identity_status: status,
    patient_last_updated: toIso(String(updated?.patient_last_updated ?? body.patient_last_updated)),
  };
}
