import type { DmpNotSentReason } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { isIdentifiedRoot, laboratoryOidRoot } from '../exchange/index.js';
import type { RecordRow } from '../records/index.js';
import { patients } from '../records/tables.js';

/**
 * Whether a record may go to the patient's DMP, and if not why (docs/dmp.md): the DMP is indexed
 * by the INS, so an identity that is not qualified never goes (the national INS rules); a patient
 * who opposes it is never fed; and a laboratory that gave neither its FINESS nor its OID cannot be
 * named as the author's organisation. Checked at validation and again as it is sent.
 */
export async function dmpEligibility(
  q: Queryable,
  record: Pick<RecordRow, 'laboratory_id' | 'record_patient'>,
): Promise<DmpNotSentReason | null> {
  const [patient] = await q
    .select({
      status: patients.patient_identity_status,
      ins: patients.patient_ins,
      oid: patients.patient_ins_oid,
      opposition: patients.patient_dmp_opposition,
    })
    .from(patients)
    .where(eq(patients.patient_id, record.record_patient));
  if (patient?.status !== 'qualified' || !patient.ins || !patient.oid) return 'noQualifiedIns';
  if (patient.opposition) return 'patientOpposition';
  const [laboratory] = await q
    .select({ settings: laboratories.laboratory_settings })
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, record.laboratory_id));
  if (!isIdentifiedRoot(laboratoryOidRoot(laboratory?.settings ?? {}))) return 'laboratoryNotIdentified';
  return null;
}
