import { insKindOfOid, isValidNir } from '@sil/contract';
import { fail } from '../../../lib/errors.js';

interface IdentityFields {
  patient_ins?: string | null;
  patient_ins_oid?: string | null;
  patient_identity_status?: string | null;
  patient_nir?: string | null;
}

const issue = (path: string, message: string) => fail('incorrectType', { issues: [{ path, message }] });

/**
 * National INS rules on a patient as it will be stored: an INS comes with its OID, an INS of NIR
 * kind is a valid NIR, and only an identity whose INS was retrieved can be 'retrieved' or 'qualified'.
 */
export function assertIdentityRules(row: IdentityFields): void {
  const ins = row.patient_ins ?? null;
  const oid = row.patient_ins_oid ?? null;
  if ((ins === null) !== (oid === null))
    issue(ins === null ? 'patient_ins' : 'patient_ins_oid', 'insAndOidTogether');
  if (ins !== null && oid !== null) {
    const kind = insKindOfOid(oid);
    if (kind === null) issue('patient_ins_oid', 'unknownOid');
    if (kind !== 'nia' && !isValidNir(ins)) issue('patient_ins', 'nir');
    if (kind === 'nia' && !/^\d{15}$/.test(ins)) issue('patient_ins', 'nia');
  }
  const status = row.patient_identity_status ?? 'provisional';
  if ((status === 'retrieved' || status === 'qualified') && ins === null)
    issue('patient_identity_status', 'insRequired');
}
